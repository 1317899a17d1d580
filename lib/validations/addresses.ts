import { z } from 'zod';
import { addressSchema } from './checkout';

/** The address book (issue 44): each address follows the checkout's rules (addressSchema: postcode per country, US and CA regions). */

export const ADDRESS_BOOK_TEXT = {
  emptyPatch: 'Send the address, or isDefault: true, or both',
  noUndefault: 'To change the default address, make another address the default',
} as const;

/** POST /api/addresses, and the address book's form: an address and whether it becomes the default. */
export const addressBookEntrySchema = z.object({
  address: addressSchema,
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
});
export type AddressBookEntryInput = z.infer<typeof addressBookEntrySchema>;

/** PATCH /api/addresses/{id}: the address replaced whole, and/or made the default (a default is only ever replaced by another). */
export const addressBookPatchSchema = z
  .object({
    address: addressSchema.optional(),
    isDefault: z.literal(true, { error: ADDRESS_BOOK_TEXT.noUndefault }).optional(),
  })
  .refine((patch) => patch.address !== undefined || patch.isDefault !== undefined, { message: ADDRESS_BOOK_TEXT.emptyPatch });
export type AddressBookPatch = z.infer<typeof addressBookPatchSchema>;
