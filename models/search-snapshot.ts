import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * The search index's snapshot (lib/catalog/search/snapshot.ts): `current` points at a generation, whose
 * chunks (`{gen}:list`, `{gen}:list:{k}`, `{gen}:{n}`) hold the indexed parts as gzipped compact JSON. One collection for both kinds.
 */
const searchSnapshotSchema = new Schema({
  _id: { type: String, required: true },
  gen: { type: String, required: true },
  /** The pointer: the change log position the snapshot reflects, its chunk counts (parts, list) and when it was taken. */
  seq: { type: Number },
  chunks: { type: Number },
  listChunks: { type: Number },
  /** A chunk: its parts, gzipped. */
  data: { type: Buffer },
  at: { type: Date, required: true },
});

export type SearchSnapshotDoc = InferSchemaType<typeof searchSnapshotSchema>;
export const SearchSnapshot: Model<SearchSnapshotDoc> =
  (models.SearchSnapshot as Model<SearchSnapshotDoc>) ?? model<SearchSnapshotDoc>('SearchSnapshot', searchSnapshotSchema);
