import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';
import { FITMENT_REVIEW_ACTIONS, FITMENT_REVIEW_STATES } from '@/lib/core/return-fields';

const vehicleSchema = new Schema({ year: Number, make: String, model: String, engine: String }, { _id: false });

/** The fitment row a review is about, as it stood when the first return named it (found again by these fields). */
const reviewRowSchema = new Schema(
  {
    make: String,
    model: String,
    yearFrom: Number,
    yearTo: Number,
    engine: String,
    subModel: String,
    position: String,
    appId: String,
  },
  { _id: false },
);

/**
 * "Does not fit" returns of one part for one vehicle (lib/returns/fit-reviews). `_id`: 24 hex digits of the SHA-256 of
 * `{partId}|{vehicle key}|{round}`, so every server finds the open review by `_id`; a resolved one is followed by round + 1.
 */
const fitmentReviewSchema = new Schema(
  {
    _id: { type: String, required: true },
    partId: { type: Schema.Types.ObjectId, required: true },
    partName: { type: String, required: true },
    brand: { type: String },
    vehicleKey: { type: String, required: true },
    vehicleLabel: { type: String, required: true },
    // The vehicle as year, make, model and engine when the text named a known one; the badge compares it.
    vehicle: { type: vehicleSchema, default: undefined },
    round: { type: Number, required: true, min: 1 },
    // Null: no row matched the vehicle (the part's notes, or no rows, let it through).
    row: { type: reviewRowSchema, default: null },
    state: { type: String, required: true, enum: FITMENT_REVIEW_STATES, default: 'open' },
    // A fold of the FitmentReviewReturn records (their return ids, oldest first): written again until it matches them.
    returnIds: { type: [String], default: [] },
    returns: { type: Number, required: true, default: 0 },
    // Fit confirmations for this vehicle (issue 47 item 6 counts them).
    confirmations: { type: Number, required: true, default: 0 },
    resolution: {
      type: new Schema({ action: String, by: String, at: Date, detail: String }, { _id: false }),
      default: undefined,
    },
  },
  { timestamps: true },
);
fitmentReviewSchema.index({ state: 1, returns: -1 });
fitmentReviewSchema.index({ partId: 1, state: 1 });

/** One return of one part counted once (`_id` `{returnId}|{partId}`), even when the hook runs twice. */
const fitmentReviewReturnSchema = new Schema({
  _id: { type: String, required: true },
  reviewId: { type: String, required: true },
  returnId: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});
fitmentReviewReturnSchema.index({ reviewId: 1, at: 1 });

/** A review's resolution decided once (`_id` = the review's): whoever inserts it acts; a second action is 409. */
const fitmentReviewDecisionSchema = new Schema({
  _id: { type: String, required: true },
  action: { type: String, required: true, enum: FITMENT_REVIEW_ACTIONS },
  by: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});

/**
 * The vehicles a part's page warns about (`_id` = the part's id): open reviews with two or more returns. The cached part
 * read takes it by `_id`; it is a fold of the reviews, written again until it matches them.
 */
const partFitWarningsSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    vehicles: { type: [vehicleSchema], default: [] },
  },
  { versionKey: false },
);

export type FitmentReviewDoc = InferSchemaType<typeof fitmentReviewSchema>;
export const FitmentReview: Model<FitmentReviewDoc> =
  (models.FitmentReview as Model<FitmentReviewDoc>) ?? model<FitmentReviewDoc>('FitmentReview', fitmentReviewSchema);
export type FitmentReviewReturnDoc = InferSchemaType<typeof fitmentReviewReturnSchema>;
export const FitmentReviewReturn: Model<FitmentReviewReturnDoc> =
  (models.FitmentReviewReturn as Model<FitmentReviewReturnDoc>) ??
  model<FitmentReviewReturnDoc>('FitmentReviewReturn', fitmentReviewReturnSchema);
export type FitmentReviewDecisionDoc = InferSchemaType<typeof fitmentReviewDecisionSchema>;
export const FitmentReviewDecision: Model<FitmentReviewDecisionDoc> =
  (models.FitmentReviewDecision as Model<FitmentReviewDecisionDoc>) ??
  model<FitmentReviewDecisionDoc>('FitmentReviewDecision', fitmentReviewDecisionSchema);
export type PartFitWarningsDoc = InferSchemaType<typeof partFitWarningsSchema>;
export const PartFitWarnings: Model<PartFitWarningsDoc> =
  (models.PartFitWarnings as Model<PartFitWarningsDoc>) ?? model<PartFitWarningsDoc>('PartFitWarnings', partFitWarningsSchema);
