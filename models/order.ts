import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';
import { addressFields } from './address-fields';

export const ORDER_STATUSES = ['pending', 'shipped', 'delivered'] as const;

const orderLineSchema = new Schema(
  {
    partId: { type: Schema.Types.ObjectId, required: true },
    partName: { type: String, required: true },
    unitPrice: { type: Number, required: true, min: 0.01 },
    quantity: { type: Number, required: true, min: 1 },
    weightGrams: { type: Number, required: true, min: 0, default: 0 },
    // The part's core deposit per unit when ordered (dollars); absent: none.
    coreCharge: { type: Number, min: 0 },
    // The fit the buyer confirmed in the cart (lib/catalog fit questions), kept as it was then.
    fit: { type: new Schema({ vehicle: String, answers: [String], text: String }, { _id: false }), default: undefined },
  },
  { _id: false },
);

/** A structured shipping address (checkout); the spec's free-text `address` keeps its one-line form. */
const addressSchema = new Schema(addressFields, { _id: false });

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
    // A spec order's core deposit per unit when ordered (a checkout order keeps it on its lines).
    coreCharge: { type: Number, min: 0 },
    paid: { type: Boolean, required: true, default: false },
    status: { type: String, required: true, enum: ORDER_STATUSES, default: 'pending' },
    transactionId: { type: String },
    paidAt: { type: Date },
    shippedAt: { type: Date },
    carrier: { type: String, maxlength: 60 },
    trackingNumber: { type: String, maxlength: 60 },
    // Stamped once with status `delivered`; the returns window counts from it (lib/orders/delivery.ts).
    deliveredAt: { type: Date },
    // What returns paid back (lib/returns), a fold of its refund claims written with their number: never counted on for a limit.
    refundedCents: { type: Number, min: 0 },
    refundSeq: { type: Number, min: 0 },
    // Cancelled orders stay as records (their stock is back, their outcome is `cancelled`).
    cancelledAt: { type: Date, default: null },
    cancelledBy: { type: String, enum: ['customer', 'admin', 'system'] },
    // Checkout orders (DESIGN.md section 6a). The fields above (partId, partName, price, quantity) are
    // the first line's, as the spec's calls show an order. A spec order has one line and no shipping.
    lines: { type: [orderLineSchema], default: undefined },
    shippingAddress: { type: addressSchema, default: undefined },
    shipping: {
      type: new Schema({ methodId: String, label: String, amountCents: Number, minDays: Number, maxDays: Number }, { _id: false }),
      default: undefined,
    },
    discount: {
      type: new Schema({ code: String, kind: String, amountCents: Number }, { _id: false }),
      default: undefined,
    },
    goodsCents: { type: Number, min: 0 },
    taxCents: { type: Number, min: 0 },
    totalCents: { type: Number, min: 0 },
    // A guest's order: reached through a signed link, and by an account verified with its email.
    guest: { type: Boolean, default: false },
    // An unpaid order is cancelled at this time and its stock returned (ORDER_HOLD_MINUTES).
    holdUntil: { type: Date, default: null },
    // Placed past its client's hold limits (lib/orders/holds.ts): it took no stock when placed and takes it when paid.
    stockAtPayment: { type: Boolean },
    // The hold slots its client's keys gave it while unpaid (lib/orders/holds.ts), given back when paid or cancelled.
    holdSlots: { type: [String], default: undefined },
    // The cart version a checkout ordered (lib/cart readCart): unique, so one cart is ordered once,
    // however many tabs submit it at the same moment.
    cartVersion: { type: String },
  },
  { timestamps: true },
);
orderSchema.index({ number: 1 }, { unique: true, sparse: true });
orderSchema.index({ email: 1, createdAt: -1 });
orderSchema.index({ createdAt: -1, _id: -1 });
orderSchema.index({ holdUntil: 1 }, { sparse: true });
orderSchema.index({ cartVersion: 1 }, { unique: true, sparse: true });

export type OrderDoc = InferSchemaType<typeof orderSchema>;
export const Order: Model<OrderDoc> = (models.Order as Model<OrderDoc>) ?? model<OrderDoc>('Order', orderSchema);
