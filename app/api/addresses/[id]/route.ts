import { NextResponse } from 'next/server';
import { removeAddress, updateAddress } from '@/lib/accounts';
import { requireActor } from '@/lib/auth';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { addressBookPatchSchema } from '@/lib/validations/addresses';

/** PATCH /api/addresses/{id} `{ address?, isDefault?: true }`: edits a saved address or makes it the default. */
export const PATCH = route<{ id: string }>(async (req, { id }) => {
  const actor = await requireActor(req);
  return NextResponse.json(await updateAddress(actor, id, await readJson(req, addressBookPatchSchema)));
});

/** DELETE /api/addresses/{id}: removes a saved address. */
export const DELETE = route<{ id: string }>(async (req, { id }) => NextResponse.json(await removeAddress(await requireActor(req), id)));

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
