import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { getImportMappings, updateImportMappings } from '@/lib/imports';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { importMappingsSchema } from '@/lib/validations/import-mappings';

/** GET /api/admin/import-mappings: the brand, category and position tables and the price type (admins). */
export const GET = route(async (req) => NextResponse.json(await getImportMappings(await requireAdmin(req))));

/** PUT /api/admin/import-mappings: `{ priceType, brands: [{ aaiaId, brand }], categories: [{ partTypeId, category }],
 * positions: [{ positionId, name }] }`, the whole tables. */
export const PUT = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await updateImportMappings(actor, await readJson(req, importMappingsSchema)));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
