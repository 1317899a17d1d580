import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth/caller';
import { pageResponse, parseInput, readJson, route, searchParamsOf } from '@/lib/http';
import { createPart, listParts } from '@/lib/parts';
import { pageQuerySchema } from '@/lib/validations/common';
import { partInputSchema } from '@/lib/validations/parts';

/** GET /api/parts: parts newest first; `limit` (1..100) and `page` optional; the total in X-Total-Count. */
export const GET = route(async (req) => {
  const query = parseInput(pageQuerySchema, searchParamsOf(req));
  return pageResponse(await listParts(query));
});

/** POST /api/parts: adds a product (admins); answers `{ success, message }`. */
export const POST = route(async (req) => {
  const caller = await requireAdmin(req);
  const part = await createPart(caller, await readJson(req, partInputSchema));
  return NextResponse.json({ success: true, message: 'Product added successfully', insertedId: part._id }, { status: 201 });
});
