import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * The one checkout of a cart version in progress (`_id`: the cart's version), taken by unique insert
 * (lib/checkout/claim.ts): a second tab's checkout of the same cart waits for it instead of racing it
 * for the client's hold slots. A crashed holder's claim counts only until `until`.
 */
const checkoutClaimSchema = new Schema({
  _id: { type: String, required: true },
  orderId: { type: Schema.Types.ObjectId, required: true },
  until: { type: Date, required: true },
});

export type CheckoutClaimDoc = InferSchemaType<typeof checkoutClaimSchema>;
export const CheckoutClaim: Model<CheckoutClaimDoc> =
  (models.CheckoutClaim as Model<CheckoutClaimDoc>) ?? model<CheckoutClaimDoc>('CheckoutClaim', checkoutClaimSchema);
