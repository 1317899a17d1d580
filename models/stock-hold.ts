import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * One of the hold slots of one client key (address, counted email, cart): `${key}#${n}`, n from 1 to
 * HOLD_SLOTS, taken by one unpaid order (lib/orders/holds.ts). Read and written by `_id` only: the one
 * lookup every MongoDB-protocol server answers from an index (FerretDB v1 scans for any other).
 */
const stockHoldSchema = new Schema({
  _id: { type: String, required: true },
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

export type StockHoldDoc = InferSchemaType<typeof stockHoldSchema>;
export const StockHold: Model<StockHoldDoc> =
  (models.StockHold as Model<StockHoldDoc>) ?? model<StockHoldDoc>('StockHold', stockHoldSchema);
