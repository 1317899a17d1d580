import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { catalogQuery, getCatalogPageJson } from '@/lib/catalog';
import { otherMethods, pageJsonResponse, parseInput, readJson, route, searchParamsOf } from '@/lib/platform/http';
import { createPart } from '@/lib/catalog';
import { ValidationError } from '@/lib/core/errors';
import { pageQuerySchema } from '@/lib/validations/common';
import { encodeCursor, MAX_OFFSET, PAGE_DOES_NOT_EXIST } from '@/lib/validations/search';
import { partInputSchema } from '@/lib/validations/parts';

/** GET /api/parts: parts newest first, from the search index; `limit` (1..100) and `page` optional; the total in X-Total-Count. */
export const GET = route(async (req) => {
  const { limit = 20, page = 1 } = parseInput(pageQuerySchema, searchParamsOf(req));
  if ((page - 1) * limit > MAX_OFFSET) throw new ValidationError(PAGE_DOES_NOT_EXIST, { page: [PAGE_DOES_NOT_EXIST] });
  const { json, total } = await getCatalogPageJson(
    catalogQuery({ sort: 'newest', limit: String(limit), cursor: encodeCursor((page - 1) * limit) }),
  );
  return pageJsonResponse(json, { total, page, limit });
});

/** POST /api/parts: adds a product (admins); answers `{ success, message }`. */
export const POST = route(async (req) => {
  const actor = await requireAdmin(req);
  const part = await createPart(actor, await readJson(req, partInputSchema));
  return NextResponse.json({ success: true, message: 'Product added successfully', insertedId: part._id }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
