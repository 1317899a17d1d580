import { NextResponse } from 'next/server';
import { addAddress, getAddressBook } from '@/lib/accounts';
import { requireActor } from '@/lib/auth';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { addressBookEntrySchema } from '@/lib/validations/addresses';

/** GET /api/addresses: the signed-in customer's address book, the default first. */
export const GET = route(async (req) => NextResponse.json(await getAddressBook(await requireActor(req))));

/** POST /api/addresses `{ address, isDefault? }`: saves an address (up to 20); 200 when the book already held it. */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  const { book, created } = await addAddress(actor, await readJson(req, addressBookEntrySchema));
  return NextResponse.json(book, { status: created ? 201 : 200 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
