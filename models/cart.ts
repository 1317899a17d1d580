import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

const cartLineSchema = new Schema(
  {
    partId: { type: Schema.Types.ObjectId, required: true },
    quantity: { type: Number, required: true, min: 1 },
    // The price when the line was added: the cart flags a line whose part costs more since.
    addedPrice: { type: Number, required: true, min: 0 },
    addedAt: { type: Date, required: true, default: () => new Date() },
    // The fit the buyer confirmed (lib/catalog fit questions): the vehicle, the answers and the line's text.
    fit: { type: new Schema({ vehicle: String, answers: [String], text: String }, { _id: false }), default: undefined },
  },
  { _id: false },
);

/**
 * One cart per visitor, under `_id` = its owner: `u:{userId}` for a customer, `g:{guestId}` for a guest
 * (the id lives in a signed, http-only cookie); every read is by _id. `rev` counts writes: each write is filtered on the revision it
 * read, so two tabs changing one cart never lose a line silently (the loser retries).
 */
const cartSchema = new Schema(
  {
    _id: { type: String, required: true },
    lines: { type: [cartLineSchema], default: [] },
    rev: { type: Number, required: true, default: 0 },
    // The guest cart versions merged into this cart, the last few (lib/cart mergeGuestCart).
    merged: { type: [String], default: undefined },
  },
  { timestamps: true },
);
cartSchema.index({ updatedAt: 1 });

export type CartDoc = InferSchemaType<typeof cartSchema>;
export const Cart: Model<CartDoc> = (models.Cart as Model<CartDoc>) ?? model<CartDoc>('Cart', cartSchema);
