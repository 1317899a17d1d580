import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * The mail outbox (lib/mail/outbox.ts). A message's `_id` is its key (`${orderId}:${event}`), so the unique
 * `_id` index makes each message exist once however often it is enqueued. Messages are kept as the
 * record of what was sent.
 */
const outboxMessageSchema = new Schema({
  _id: { type: String, required: true },
  to: { type: String, required: true },
  subject: { type: String, required: true },
  text: { type: String, required: true },
  html: { type: String, required: true },
  state: { type: String, required: true, enum: ['pending', 'sent', 'failed'], default: 'pending' },
  attempts: { type: Number, required: true, default: 0 },
  lastError: { type: String },
  createdAt: { type: Date, required: true, default: () => new Date() },
  sentAt: { type: Date },
  failedAt: { type: Date },
});

/**
 * The messages still to deliver, one per undelivered message (`_id` = the message's key), with the
 * attempts made so far and when the next one is due. Kept apart from the messages so the sender's
 * poll reads a small collection (FerretDB v1 scans for anything but `_id`); removed once the message
 * is sent or given up.
 */
const outboxDueSchema = new Schema({
  _id: { type: String, required: true },
  attempt: { type: Number, required: true, default: 0 },
  dueAt: { type: Date, required: true },
  createdAt: { type: Date, required: true, default: () => new Date() },
});
outboxDueSchema.index({ dueAt: 1 });

/**
 * One delivery attempt of one message: `_id` = `${messageId}:${attempt}`. Whoever inserts it owns the
 * attempt, so two senders (two app instances) never send one attempt twice; the lease lets the next
 * attempt be claimed when the owner died mid-send.
 */
const outboxClaimSchema = new Schema({
  _id: { type: String, required: true },
  messageId: { type: String, required: true },
  attempt: { type: Number, required: true },
  owner: { type: String, required: true },
  leaseUntil: { type: Date, required: true },
  outcome: { type: String, enum: ['sent', 'failed', 'skipped'] },
  at: { type: Date, required: true, default: () => new Date() },
});

export type OutboxMessageDoc = InferSchemaType<typeof outboxMessageSchema>;
export const OutboxMessage: Model<OutboxMessageDoc> =
  (models.OutboxMessage as Model<OutboxMessageDoc>) ?? model<OutboxMessageDoc>('OutboxMessage', outboxMessageSchema);
export type OutboxDueDoc = InferSchemaType<typeof outboxDueSchema>;
export const OutboxDue: Model<OutboxDueDoc> =
  (models.OutboxDue as Model<OutboxDueDoc>) ?? model<OutboxDueDoc>('OutboxDue', outboxDueSchema);
export type OutboxClaimDoc = InferSchemaType<typeof outboxClaimSchema>;
export const OutboxClaim: Model<OutboxClaimDoc> =
  (models.OutboxClaim as Model<OutboxClaimDoc>) ?? model<OutboxClaimDoc>('OutboxClaim', outboxClaimSchema);
