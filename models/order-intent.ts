import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * An order on its way: written before its stock is taken and removed once the order is stored. One
 * left behind (the process died in between) tells the reconciliation which stock to return, without
 * scanning the ledger.
 */
const orderIntentSchema = new Schema({
  _id: { type: Schema.Types.ObjectId, required: true },
  partId: { type: Schema.Types.ObjectId, required: true },
  quantity: { type: Number, required: true, min: 1 },
  // A checkout's other lines (the first is partId and quantity): each gets its stock back.
  lines: {
    type: [
      new Schema({ partId: { type: Schema.Types.ObjectId, required: true }, quantity: { type: Number, required: true } }, { _id: false }),
    ],
    default: undefined,
  },
  by: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});

export type OrderIntentDoc = InferSchemaType<typeof orderIntentSchema>;
export const OrderIntent: Model<OrderIntentDoc> =
  (models.OrderIntent as Model<OrderIntentDoc>) ?? model<OrderIntentDoc>('OrderIntent', orderIntentSchema);
