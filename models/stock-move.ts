import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

export const STOCK_REASONS = ['seed', 'order', 'cancel', 'restock', 'edit', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

const stockMoveSchema = new Schema({
  // `${partId}:${seq}`: the ledger's hot path reads a part's next move by _id, the one read every
  // server (FerretDB included) answers from an index. Moves stored before this rule keep an ObjectId.
  _id: { type: Schema.Types.Mixed, required: true },
  partId: { type: Schema.Types.ObjectId, required: true },
  seq: { type: Number, required: true, min: 1 },
  delta: { type: Number, required: true },
  reason: { type: String, required: true, enum: STOCK_REASONS },
  // The stock after this move: lets the history show levels without re-summing.
  after: { type: Number, required: true, min: 0 },
  // The order a move belongs to; a `return` move (parts received back) carries the return's id, so it applies once per return.
  orderId: { type: Schema.Types.ObjectId },
  // `${orderId}:${reason}` for moves tied to an order; unique so an order's move applies once.
  // A plain sparse index instead of a partial one because FerretDB v1 has no partial indexes.
  orderKey: { type: String },
  by: { type: String },
  at: { type: Date, required: true, default: () => new Date() },
});
stockMoveSchema.index({ partId: 1, seq: 1 }, { unique: true });
stockMoveSchema.index({ orderKey: 1 }, { unique: true, sparse: true });

export type StockMoveDoc = InferSchemaType<typeof stockMoveSchema>;
export const StockMove: Model<StockMoveDoc> =
  (models.StockMove as Model<StockMoveDoc>) ?? model<StockMoveDoc>('StockMove', stockMoveSchema);
