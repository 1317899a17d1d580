import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * A waiting "tell me when" alert (lib/alerts): a part back in stock, or a first part in stock for a vehicle. `_id` is the
 * SHA-256 of the email and what it waits for, so the same alert asked twice, even at once, is one document (on FerretDB
 * too). `serial` tells this subscription from an earlier one with the same `_id`: it keys the alert's email in the outbox
 * (once per subscription) and is signed into the unsubscribe link. Marked `sentAt` once its email is queued; removed by its
 * unsubscribe link, or by the alerts job once expired (sent or not).
 */
const alertSubscriptionSchema = new Schema({
  _id: { type: String, required: true },
  serial: { type: String, required: true },
  email: { type: String, required: true, maxlength: 254 },
  kind: { type: String, required: true, enum: ['part', 'vehicle'] },
  partId: { type: String },
  vehicle: {
    type: new Schema(
      {
        year: { type: Number, required: true },
        make: { type: String, required: true },
        model: { type: String, required: true },
        engine: String,
      },
      { _id: false },
    ),
  },
  /** The part's name or the vehicle's words ("2019 Mazda CX-5"), as the email and the Lost Demand page say them. */
  label: { type: String, required: true, maxlength: 300 },
  createdAt: { type: Date, required: true },
  /** Checked in code; never sent after it. */
  expiresAt: { type: Date, required: true },
  sentAt: { type: Date },
});

export type AlertSubscriptionDoc = InferSchemaType<typeof alertSubscriptionSchema>;
export const AlertSubscription: Model<AlertSubscriptionDoc> =
  (models.AlertSubscription as Model<AlertSubscriptionDoc>) ?? model<AlertSubscriptionDoc>('AlertSubscription', alertSubscriptionSchema);
