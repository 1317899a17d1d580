import type { AddressDTO } from '@/lib/core/address';

/** A customer's saved address (up to 20, one of them the default, which the checkout fills in). */
export type AddressBookEntry = { id: string; address: AddressDTO; isDefault: boolean };
/** The address book, the default first, then in the order the addresses were added. */
export type AddressBook = { addresses: AddressBookEntry[] };

export type ProfileDTO = {
  _id: string;
  name: string;
  email: string;
  education: string;
  image: string;
  district: string;
  city: string;
  linkedin: string | null;
  github: string | null;
  phone: string;
};

/** How many addresses a customer's address book holds. */
export const ADDRESS_BOOK_SIZE = 20;
