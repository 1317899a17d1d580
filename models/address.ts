import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';
import { addressFields } from './address-fields';

/**
 * A customer's saved delivery address, one document each. `slot` (0..19) is unique per owner, so the
 * unique index alone keeps a book at 20 addresses when several requests add at once (on FerretDB too);
 * `key` (the owner and the address, normalised and hashed) is unique, so the same address saved twice
 * at once is one entry.
 */
const addressSchema = new Schema(
  {
    userId: { type: String, required: true },
    slot: { type: Number, required: true },
    key: { type: String, required: true },
    ...addressFields,
  },
  { timestamps: true },
);
addressSchema.index({ userId: 1, slot: 1 }, { unique: true });
addressSchema.index({ key: 1 }, { unique: true });

/** The customer's default address: one pointer document per customer (`_id` = user id), so one default by construction. */
const addressDefaultSchema = new Schema({
  _id: { type: String, required: true },
  addressId: { type: Schema.Types.ObjectId, required: true },
});

export type AddressDoc = InferSchemaType<typeof addressSchema>;
export const Address: Model<AddressDoc> = (models.Address as Model<AddressDoc>) ?? model<AddressDoc>('Address', addressSchema);
export type AddressDefaultDoc = InferSchemaType<typeof addressDefaultSchema>;
export const AddressDefault: Model<AddressDefaultDoc> =
  (models.AddressDefault as Model<AddressDefaultDoc>) ?? model<AddressDefaultDoc>('AddressDefault', addressDefaultSchema);
