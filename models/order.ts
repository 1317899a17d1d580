import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

export const ORDER_STATUSES = ['pending', 'shipped'] as const;

const orderSchema = new Schema(
  {
    // The short human number (lib/orders/numbers.ts); orders stored before numbers existed get one at start.
    number: { type: String },
    partId: { type: Schema.Types.ObjectId, required: true },
    partName: { type: String, required: true },
    price: { type: Number, required: true, min: 0.01 },
    name: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    address: { type: String, required: true },
    phone: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1 },
    paid: { type: Boolean, required: true, default: false },
    status: { type: String, required: true, enum: ORDER_STATUSES, default: 'pending' },
    transactionId: { type: String },
    paidAt: { type: Date },
    shippedAt: { type: Date },
    carrier: { type: String, maxlength: 60 },
    trackingNumber: { type: String, maxlength: 60 },
    // Cancelled orders stay as records (their stock is back, their outcome is `cancelled`).
    cancelledAt: { type: Date, default: null },
    cancelledBy: { type: String, enum: ['customer', 'admin'] },
  },
  { timestamps: true },
);
orderSchema.index({ number: 1 }, { unique: true, sparse: true });
orderSchema.index({ email: 1, createdAt: -1 });
orderSchema.index({ createdAt: -1, _id: -1 });

export type OrderDoc = InferSchemaType<typeof orderSchema>;
export const Order: Model<OrderDoc> = (models.Order as Model<OrderDoc>) ?? model<OrderDoc>('Order', orderSchema);
