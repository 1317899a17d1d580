import 'server-only';
import { createHash } from 'node:crypto';
import type { Types } from 'mongoose';
import { assertCustomer, type Actor } from '@/lib/auth';
import { addressDTO } from '@/lib/core/address';
import { ADDRESS_BOOK_SIZE } from '@/lib/accounts/types';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import type { AddressBook } from '@/lib/accounts/types';
import type { AddressDTO } from '@/lib/core/address';
import type { AddressBookEntryInput, AddressBookPatch } from '@/lib/validations/addresses';
import type { AddressInput } from '@/lib/validations/checkout';
import { Address, AddressDefault } from '@/models';

/** The address book (issue 44): up to 20 per customer with one default; limit, default and "once" each rest on a unique index or
 * pointer document so they hold across instances. Admins buy nothing, so have none. */
export const ADDRESS_TEXT = {
  full: `Your address book holds up to ${ADDRESS_BOOK_SIZE} addresses: remove one to add another`,
  notFound: 'Address not found',
  duplicate: 'This address is already in your address book',
  admins: 'Admins have no address book',
} as const;

export type { AddressBook, AddressBookEntry } from '@/lib/accounts/types';

type Owner = Pick<Actor, '_id' | 'isAdmin'>;

/** An address as one comparable string: letter case, spacing and an absent optional part do not tell two apart. */
export function addressKey(address: AddressDTO | AddressInput): string {
  const { name, line1, line2, city, region, postalCode, country } = address;
  return JSON.stringify(
    [name, line1, line2, city, region, postalCode, country].map((part) => (part ?? '').replace(/\s+/g, ' ').trim().toLowerCase()),
  );
}

/** The stored key: the owner's address, hashed (an index entry of fixed size). */
const storedKey = (userId: string, address: AddressInput) =>
  createHash('sha256')
    .update(`${userId}\n${addressKey(address)}`)
    .digest('base64url');

/** The address's fields as stored, and the optional ones it lacks (removed by an edit). */
function addressFields(address: AddressInput) {
  const { name, line1, line2, city, region, postalCode, country } = address;
  const set = { name, line1, city, postalCode, country, ...(line2 ? { line2 } : {}), ...(region ? { region } : {}) };
  const unset = { ...(line2 ? {} : { line2: 1 }), ...(region ? {} : { region: 1 }) };
  return { set, unset };
}

/** The book as stored: the default is the pointer's address, or the first one added when the pointer names none of them. */
async function readBook(userId: string): Promise<AddressBook> {
  await connectDb();
  const [stored, pointer] = await Promise.all([
    Address.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean(),
    AddressDefault.findById(userId).lean(),
  ]);
  const pointed = pointer && stored.find((entry) => entry._id.equals(pointer.addressId));
  const defaultId = (pointed ?? stored[0])?._id;
  const entries = stored.map((entry) => ({
    id: String(entry._id),
    address: addressDTO(entry),
    isDefault: Boolean(defaultId?.equals(entry._id)),
  }));
  return { addresses: [...entries.filter((entry) => entry.isDefault), ...entries.filter((entry) => !entry.isDefault)] };
}

export async function getAddressBook(actor: Owner): Promise<AddressBook> {
  assertCustomer(actor, ADDRESS_TEXT.admins);
  return readBook(actor._id);
}

/** Makes an address the default: the one pointer document of its owner names it (two at once: the last one wins, one default). */
async function pointDefault(userId: string, addressId: Types.ObjectId): Promise<void> {
  const update = { $set: { addressId } };
  await AddressDefault.updateOne({ _id: userId }, update, { upsert: true }).catch(async (error: unknown) => {
    // Two requests created the pointer at once: the other insert won, so this one updates it.
    if (!isDuplicateKey(error)) throw error;
    await AddressDefault.updateOne({ _id: userId }, update);
  });
}

/** Stores an address in the first free slot; the same address already there is that entry (`created` false). */
async function storeAddress(userId: string, address: AddressInput): Promise<{ id: Types.ObjectId; created: boolean }> {
  const key = storedKey(userId, address);
  const existing = await Address.findOne({ key }, { _id: 1 }).lean();
  if (existing) return { id: existing._id, created: false };
  const taken = new Set((await Address.find({ userId }, { slot: 1 }).lean()).map((entry) => entry.slot));
  const { set } = addressFields(address);
  for (let slot = 0; slot < ADDRESS_BOOK_SIZE; slot++) {
    if (taken.has(slot)) continue;
    try {
      const created = await Address.create({ userId, slot, key, ...set });
      return { id: created._id, created: true };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // The same address, saved at the same moment by another request: that entry is the one.
      const same = await Address.findOne({ key }, { _id: 1 }).lean();
      if (same) return { id: same._id, created: false };
      // Else another address took the slot: try the next one.
    }
  }
  throw new ConflictError(ADDRESS_TEXT.full);
}

/** POST /api/addresses: saves an address (up to 20), the default if asked (the first one is the default anyway). */
export async function addAddress(actor: Owner, input: AddressBookEntryInput): Promise<{ book: AddressBook; created: boolean }> {
  assertCustomer(actor, ADDRESS_TEXT.admins);
  await connectDb();
  const { id, created } = await storeAddress(actor._id, input.address);
  if (input.isDefault) await pointDefault(actor._id, id);
  return { book: await readBook(actor._id), created };
}

/** PATCH /api/addresses/{id}: replaces the address and/or makes it the default; another customer's is not found. */
export async function updateAddress(actor: Owner, id: string, patch: AddressBookPatch): Promise<AddressBook> {
  assertCustomer(actor, ADDRESS_TEXT.admins);
  const addressId = parseObjectId(id, ADDRESS_TEXT.notFound);
  await connectDb();
  const mine = { _id: addressId, userId: actor._id };
  if (patch.address) {
    const { set, unset } = addressFields(patch.address);
    const key = storedKey(actor._id, patch.address);
    const update = { $set: { ...set, key }, ...(Object.keys(unset).length ? { $unset: unset } : {}) };
    const written = await Address.updateOne(mine, update).catch(async (error: unknown) => {
      // Edited into another entry of the book, which the unique key refuses: FerretDB v1 does not call
      // that a duplicate key on an update (code 1, not 11000), so the book is asked instead.
      if (await Address.exists({ key, _id: { $ne: addressId } })) throw new ConflictError(ADDRESS_TEXT.duplicate);
      throw error;
    });
    if (written.matchedCount === 0) throw new NotFoundError(ADDRESS_TEXT.notFound);
  } else if (!(await Address.exists(mine))) {
    throw new NotFoundError(ADDRESS_TEXT.notFound);
  }
  if (patch.isDefault) await pointDefault(actor._id, addressId);
  return readBook(actor._id);
}

/** DELETE /api/addresses/{id}: the default removed, the first address added becomes the default. */
export async function removeAddress(actor: Owner, id: string): Promise<AddressBook> {
  assertCustomer(actor, ADDRESS_TEXT.admins);
  const addressId = parseObjectId(id, ADDRESS_TEXT.notFound);
  await connectDb();
  const removed = await Address.deleteOne({ _id: addressId, userId: actor._id });
  if (removed.deletedCount === 0) throw new NotFoundError(ADDRESS_TEXT.notFound);
  return readBook(actor._id);
}

/** A checkout's "save this address": into the book unless it is there already; a full book keeps what it has (false). */
export async function saveCheckoutAddress(actor: Owner, address: AddressInput): Promise<boolean> {
  assertCustomer(actor, ADDRESS_TEXT.admins);
  await connectDb();
  try {
    await storeAddress(actor._id, address);
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}
