import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * A buyer's answer to "Did it fit?" for one order line (lib/fit-confirmations): `_id` `{orderId}:{partId}`, so a line is
 * answered once on every server, whether by the email's link, the order page or a repeat of either.
 */
const fitConfirmationSchema = new Schema({
  _id: { type: String, required: true },
  orderId: { type: Schema.Types.ObjectId, required: true },
  partId: { type: Schema.Types.ObjectId, required: true },
  fits: { type: Boolean, required: true },
  // The vehicle as the order line names it, and the keys its Yes was counted under (lib/fit-confirmations/keys.ts).
  vehicle: { type: String, required: true },
  vehicleKey: { type: String, required: true },
  rowKey: { type: String },
  via: { type: String, required: true, enum: ['email', 'order'] },
  at: { type: Date, required: true, default: () => new Date() },
});

/**
 * A part's Yes answers in the order they came, `_id` `{partId}#{n}` with n counting from 1 without gaps: the unique `_id`
 * gives each answer its own place (FerretDB v1 applies `$inc` as read-then-write, so racing increments lose counts).
 */
const fitTallySlotSchema = new Schema({
  _id: { type: String, required: true },
  confirmationId: { type: String, required: true },
  vehicleKey: { type: String, required: true },
  rowKey: { type: String },
});

/**
 * A part's slots 1..`upTo` counted per vehicle and per fitment row, one document per part (`_id` the part's id) read by
 * `_id` alone (FerretDB v1 scans a collection for any other filter): a fold of the slots, as the stock pair is of the ledger.
 */
const fitTallySchema = new Schema(
  {
    _id: { type: String, required: true },
    upTo: { type: Number, required: true, min: 0 },
    vehicles: { type: Map, of: Number, default: undefined },
    rows: { type: Map, of: Number, default: undefined },
  },
  { versionKey: false },
);

/**
 * A delivered order whose fit-check email is still to send (`_id` the order's id), written when it is delivered and removed
 * once the email is queued: the job reads this small collection instead of the orders.
 */
const fitCheckDueSchema = new Schema({
  _id: { type: String, required: true },
  deliveredAt: { type: Date, required: true },
  createdAt: { type: Date, required: true, default: () => new Date() },
});

export type FitConfirmationDoc = InferSchemaType<typeof fitConfirmationSchema>;
export type FitTallyDoc = InferSchemaType<typeof fitTallySchema>;
export type FitTallySlotDoc = InferSchemaType<typeof fitTallySlotSchema>;
export type FitCheckDueDoc = InferSchemaType<typeof fitCheckDueSchema>;
export const FitConfirmation: Model<FitConfirmationDoc> =
  (models.FitConfirmation as Model<FitConfirmationDoc>) ?? model<FitConfirmationDoc>('FitConfirmation', fitConfirmationSchema);
export const FitTally: Model<FitTallyDoc> = (models.FitTally as Model<FitTallyDoc>) ?? model<FitTallyDoc>('FitTally', fitTallySchema);
export const FitTallySlot: Model<FitTallySlotDoc> =
  (models.FitTallySlot as Model<FitTallySlotDoc>) ?? model<FitTallySlotDoc>('FitTallySlot', fitTallySlotSchema);
export const FitCheckDue: Model<FitCheckDueDoc> =
  (models.FitCheckDue as Model<FitCheckDueDoc>) ?? model<FitCheckDueDoc>('FitCheckDue', fitCheckDueSchema);
