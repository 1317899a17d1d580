import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

const partSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 120 },
    description: { type: String, required: true, maxlength: 5000 },
    price: { type: Number, required: true, min: 0.01 },
    img: { type: String, required: true, maxlength: 500 },
    category: { type: String, trim: true, maxlength: 40 },
    // availableQuantity and stockSeq are a cached fold of the StockMove ledger (lib/stock.ts):
    // always the pair (sum of moves 1..stockSeq, stockSeq), written together.
    availableQuantity: { type: Number, required: true, min: 0, default: 0 },
    stockSeq: { type: Number, required: true, min: 0, default: 0 },
    minimumQuantity: { type: Number, required: true, min: 1, default: 1 },
  },
  { timestamps: true },
);
partSchema.index({ createdAt: -1, _id: -1 });

export type PartDoc = InferSchemaType<typeof partSchema>;
export const Part: Model<PartDoc> = (models.Part as Model<PartDoc>) ?? model<PartDoc>('Part', partSchema);
