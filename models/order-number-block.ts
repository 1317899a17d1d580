import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * A block of order numbers reserved by one process (lib/orders/numbers.ts). The block index is the
 * `_id`, so the unique `_id` index alone decides which process owns a block, on MongoDB and FerretDB.
 */
const orderNumberBlockSchema = new Schema({
  _id: { type: Number, required: true, min: 0 },
  size: { type: Number, required: true, min: 1 },
  owner: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});

export type OrderNumberBlockDoc = InferSchemaType<typeof orderNumberBlockSchema>;
export const OrderNumberBlock: Model<OrderNumberBlockDoc> =
  (models.OrderNumberBlock as Model<OrderNumberBlockDoc>) ?? model<OrderNumberBlockDoc>('OrderNumberBlock', orderNumberBlockSchema);
