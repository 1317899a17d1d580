import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';
import { CORE_OUTCOMES, RETURN_REASONS, RETURN_STATES } from '@/lib/core/return-fields';

/** The stages an admin decides once each; a stage's ReturnStep `_id` is `{returnId}:{stage}`. */
export const RETURN_STAGES = ['decision', 'receipt', 'refund', 'refunded'] as const;

const returnLineSchema = new Schema(
  {
    partId: { type: Schema.Types.ObjectId, required: true },
    partName: { type: String, required: true },
    unitPrice: { type: Number, required: true },
    quantity: { type: Number, required: true, min: 1 },
    // A core return's line: the core deposits of the part's units (unitPrice is the deposit per unit as ordered).
    core: { type: Boolean },
    // Set when received: back on the shelf through the stock ledger, or written off as damaged.
    outcome: { type: String, enum: ['restocked', 'written-off', 'inspected'] },
  },
  { _id: false },
);

const stampSchema = new Schema({ at: Date, by: String }, { _id: false });

/** A customer's request to send parts of a delivered order back, and the admin's steps on it (lib/returns). */
const returnSchema = new Schema(
  {
    orderId: { type: Schema.Types.ObjectId, required: true },
    orderNumber: { type: String, required: true },
    // The order's email: a customer lists the returns of their own orders by it.
    email: { type: String, required: true, lowercase: true },
    guest: { type: Boolean, default: false },
    state: { type: String, required: true, enum: RETURN_STATES, default: 'requested' },
    reason: { type: String, required: true, enum: RETURN_REASONS },
    note: { type: String, maxlength: 1000 },
    // "Does not fit": the vehicle (or its VIN) and what did not match.
    vehicle: { type: String, maxlength: 120 },
    vin: { type: String, maxlength: 17 },
    mismatch: { type: String, maxlength: 500 },
    lines: { type: [returnLineSchema], required: true },
    // What the refund comes to: the lines' shares (and shipping for the shop's mistake) when asked, the amount paid back once refunded.
    refundCents: { type: Number, required: true, min: 0 },
    instructions: { type: String, maxlength: 1000 },
    rejection: { type: String, maxlength: 500 },
    // A core return's end: the deposit paid back in full, in part or forfeited, and the admin's reason for less than full.
    coreOutcome: {
      type: new Schema({ outcome: { type: String, enum: CORE_OUTCOMES }, reason: String }, { _id: false }),
      default: undefined,
    },
    // Each step's time and admin, set by path so a repeated write changes nothing.
    steps: {
      type: new Schema(
        { approved: stampSchema, rejected: stampSchema, received: stampSchema, refunded: stampSchema, forfeited: stampSchema },
        { _id: false },
      ),
      default: () => ({}),
    },
  },
  { timestamps: true },
);
returnSchema.index({ email: 1, createdAt: -1 });
returnSchema.index({ state: 1, createdAt: -1 });
returnSchema.index({ orderId: 1 });
returnSchema.index({ createdAt: -1, _id: -1 });

/**
 * A stage of a return decided once (`_id` `{returnId}:{stage}`): whoever inserts it decides the stage, with its idempotency key
 * fixed here. A refund claim also takes the order's next refund number (`orderSeq`, unique), so refunds of one order are counted
 * in a line and never pass what was paid, on every server.
 */
const returnStepSchema = new Schema({
  _id: { type: String, required: true },
  returnId: { type: Schema.Types.ObjectId, required: true },
  orderId: { type: Schema.Types.ObjectId, required: true },
  stage: { type: String, required: true, enum: RETURN_STAGES },
  action: { type: String, required: true },
  idempotencyKey: { type: String, required: true },
  by: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
  // The stage's input as decided: instructions, a rejection, each line's outcome.
  data: { type: Schema.Types.Mixed },
  // A refund: the order's refund number, the amount, the total refunded on the order with it, and whether shipping is in it.
  orderSeq: { type: String },
  amountCents: { type: Number, min: 0 },
  refundedAfterCents: { type: Number, min: 0 },
  shipping: { type: Boolean },
  // A refund claim's holder calls the gateway until then; afterwards a retry takes it over with the same key.
  leaseUntil: { type: Date },
  gatewayRefundId: { type: String },
});
returnStepSchema.index({ orderSeq: 1 }, { unique: true, sparse: true });
returnStepSchema.index({ orderId: 1, stage: 1 });

/** One open request per order line (`_id` `{orderId}:{partId}`), held from the request until it is rejected or refunded. */
const returnLineHoldSchema = new Schema({
  _id: { type: String, required: true },
  returnId: { type: Schema.Types.ObjectId, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});

export type ReturnDoc = InferSchemaType<typeof returnSchema>;
export const Return: Model<ReturnDoc> = (models.Return as Model<ReturnDoc>) ?? model<ReturnDoc>('Return', returnSchema);
export type ReturnStepDoc = InferSchemaType<typeof returnStepSchema>;
export const ReturnStep: Model<ReturnStepDoc> =
  (models.ReturnStep as Model<ReturnStepDoc>) ?? model<ReturnStepDoc>('ReturnStep', returnStepSchema);
export type ReturnLineHoldDoc = InferSchemaType<typeof returnLineHoldSchema>;
export const ReturnLineHold: Model<ReturnLineHoldDoc> =
  (models.ReturnLineHold as Model<ReturnLineHoldDoc>) ?? model<ReturnLineHoldDoc>('ReturnLineHold', returnLineHoldSchema);
