import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free-shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

const discountCodeSchema = new Schema(
  {
    // Upper case, as customers type it in any case.
    code: { type: String, required: true, uppercase: true, trim: true, maxlength: 32 },
    kind: { type: String, required: true, enum: DISCOUNT_KINDS },
    // percent: 1-100; fixed: cents off; free-shipping: unused.
    percent: { type: Number, min: 1, max: 100 },
    amountCents: { type: Number, min: 1 },
    minSubtotalCents: { type: Number, required: true, min: 0, default: 0 },
    startsAt: { type: Date, default: null },
    endsAt: { type: Date, default: null },
    // The total number of uses (null: unlimited), and whether one email may use it once only.
    maxUses: { type: Number, default: null, min: 1 },
    oncePerCustomer: { type: Boolean, required: true, default: false },
    // Empty: the whole cart; else only lines of these categories (slugs) or brands.
    categories: { type: [String], default: [] },
    brands: { type: [String], default: [] },
    pausedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
discountCodeSchema.index({ code: 1 }, { unique: true });

/**
 * A use of a code, by unique key (DESIGN.md section 6a): `_id` is `{code}#{n}` for the n-th use of a
 * capped code (n up to maxUses), or `{code}#{orderId}` for an uncapped one, so the cap holds under any
 * concurrency; `{code}@{email}` marks a once-per-customer code's use by that email. A refused checkout
 * or a cancelled order removes its keys.
 */
const discountRedemptionSchema = new Schema({
  _id: { type: String, required: true },
  code: { type: String, required: true },
  orderId: { type: Schema.Types.ObjectId, required: true },
  email: { type: String, required: true },
  amountCents: { type: Number, required: true, min: 0, default: 0 },
  // true for a use (counts against the cap), false for a once-per-customer mark.
  slot: { type: Boolean, required: true, default: true },
  at: { type: Date, required: true, default: () => new Date() },
});
discountRedemptionSchema.index({ code: 1, slot: 1, at: -1 });
discountRedemptionSchema.index({ orderId: 1 });

export type DiscountCodeDoc = InferSchemaType<typeof discountCodeSchema>;
export type DiscountRedemptionDoc = InferSchemaType<typeof discountRedemptionSchema>;
export const DiscountCode: Model<DiscountCodeDoc> =
  (models.DiscountCode as Model<DiscountCodeDoc>) ?? model<DiscountCodeDoc>('DiscountCode', discountCodeSchema);
export const DiscountRedemption: Model<DiscountRedemptionDoc> =
  (models.DiscountRedemption as Model<DiscountRedemptionDoc>) ??
  model<DiscountRedemptionDoc>('DiscountRedemption', discountRedemptionSchema);
