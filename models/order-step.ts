import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * A step an order takes once after payment (`shipped`, `delivered`), `_id` `{orderId}:{step}`: whoever inserts it
 * decides the step (its time, who took it, a shipment's carrier and tracking); a concurrent or repeated call finds it
 * and changes nothing.
 */
const orderStepSchema = new Schema({
  _id: { type: String, required: true },
  orderId: { type: Schema.Types.ObjectId, required: true },
  step: { type: String, required: true, enum: ['shipped', 'delivered'] },
  at: { type: Date, required: true },
  by: { type: String, required: true },
  carrier: { type: String },
  trackingNumber: { type: String },
  createdAt: { type: Date, required: true, default: () => new Date() },
});

export type OrderStepDoc = InferSchemaType<typeof orderStepSchema>;
export const OrderStep: Model<OrderStepDoc> =
  (models.OrderStep as Model<OrderStepDoc>) ?? model<OrderStepDoc>('OrderStep', orderStepSchema);
