import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/** Payment intents of the offline test gateway (lib/payments/test-gateway.ts); Stripe keeps its own. */
const paymentIntentSchema = new Schema({
  _id: { type: String, required: true },
  clientSecret: { type: String, required: true },
  idempotencyKey: { type: String, required: true },
  orderId: { type: String, required: true },
  amount: { type: Number, required: true },
  currency: { type: String, required: true },
  status: { type: String, required: true, enum: ['requires_payment_method', 'succeeded', 'canceled'] },
  lastError: { type: String },
  refunded: { type: Boolean, default: false },
  createdAt: { type: Date, required: true, default: () => new Date() },
});
paymentIntentSchema.index({ idempotencyKey: 1 }, { unique: true });

/** Stripe webhook events already handled (deduplicated by event id). */
const webhookEventSchema = new Schema({
  _id: { type: String, required: true },
  type: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});

/** Partial refunds of the offline test gateway, one per idempotency key (`_id`), as Stripe keeps one refund per key. */
const paymentRefundSchema = new Schema({
  _id: { type: String, required: true },
  refundId: { type: String, required: true },
  intentId: { type: String, required: true },
  amount: { type: Number, required: true, min: 1 },
  at: { type: Date, required: true, default: () => new Date() },
});
paymentRefundSchema.index({ intentId: 1 });

export type PaymentIntentDoc = InferSchemaType<typeof paymentIntentSchema>;
export const PaymentIntent: Model<PaymentIntentDoc> =
  (models.PaymentIntent as Model<PaymentIntentDoc>) ?? model<PaymentIntentDoc>('PaymentIntent', paymentIntentSchema);
export type WebhookEventDoc = InferSchemaType<typeof webhookEventSchema>;
export const WebhookEvent: Model<WebhookEventDoc> =
  (models.WebhookEvent as Model<WebhookEventDoc>) ?? model<WebhookEventDoc>('WebhookEvent', webhookEventSchema);
export type PaymentRefundDoc = InferSchemaType<typeof paymentRefundSchema>;
export const PaymentRefund: Model<PaymentRefundDoc> =
  (models.PaymentRefund as Model<PaymentRefundDoc>) ?? model<PaymentRefundDoc>('PaymentRefund', paymentRefundSchema);
