import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * What one client holds in one unpaid order, under one of its keys (address, normalised email, cart):
 * the units per part and the goods' value. An order that holds stock has one per key; they go when the
 * order is paid or cancelled, and count only until `until` (checked in code).
 */
const stockHoldSchema = new Schema({
  key: { type: String, required: true },
  orderId: { type: Schema.Types.ObjectId, required: true },
  parts: {
    type: [
      new Schema({ partId: { type: Schema.Types.ObjectId, required: true }, units: { type: Number, required: true } }, { _id: false }),
    ],
    required: true,
  },
  cents: { type: Number, required: true, min: 0 },
  until: { type: Date, required: true },
});
stockHoldSchema.index({ key: 1, until: 1 });
stockHoldSchema.index({ orderId: 1 });

export type StockHoldDoc = InferSchemaType<typeof stockHoldSchema>;
export const StockHold: Model<StockHoldDoc> =
  (models.StockHold as Model<StockHoldDoc>) ?? model<StockHoldDoc>('StockHold', stockHoldSchema);
