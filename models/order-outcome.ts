import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * The one outcome of an order: `paid` or `cancelled`. Unique on orderId, so whoever inserts first
 * wins and paying and cancelling exclude each other; unique on intentId, so one payment pays one order.
 */
const orderOutcomeSchema = new Schema({
  orderId: { type: Schema.Types.ObjectId, required: true },
  outcome: { type: String, required: true, enum: ['paid', 'cancelled'] },
  intentId: { type: String },
  amountCents: { type: Number },
  by: { type: String },
  at: { type: Date, required: true, default: () => new Date() },
});
orderOutcomeSchema.index({ orderId: 1 }, { unique: true });
orderOutcomeSchema.index({ intentId: 1 }, { unique: true, sparse: true });

export type OrderOutcomeDoc = InferSchemaType<typeof orderOutcomeSchema>;
export const OrderOutcome: Model<OrderOutcomeDoc> =
  (models.OrderOutcome as Model<OrderOutcomeDoc>) ?? model<OrderOutcomeDoc>('OrderOutcome', orderOutcomeSchema);
