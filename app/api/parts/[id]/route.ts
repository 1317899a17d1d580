import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { deletePart, getPart, updatePart } from '@/lib/catalog';
import { partUpdateSchema } from '@/lib/validations/parts';

type Params = { id: string };

/** GET /api/parts/{id}: one part; 404 JSON for an unknown or malformed id. */
export const GET = route<Params>(async (_req, { id }) => NextResponse.json(await getPart(id)));

/** PUT /api/parts/{id}: changes any field (admins); a stock change goes through the stock ledger. */
export const PUT = route<Params>(async (req, { id }) => {
  const actor = await requireAdmin(req);
  const part = await updatePart(actor, id, await readJson(req, partUpdateSchema));
  return NextResponse.json({ success: true, message: 'Product updated', part });
});

/** DELETE /api/parts/{id}: deletes a product (admins). */
export const DELETE = route<Params>(async (req, { id }) => NextResponse.json(await deletePart(await requireAdmin(req), id)));

export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
