import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { createTaxRate, listTaxRates } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { taxRateSchema } from '@/lib/validations/checkout-admin';

/** GET /api/admin/tax-rates: the tax table, by country and region (admins). */
export const GET = route(async (req) => NextResponse.json(await listTaxRates(await requireAdmin(req))));

/** POST /api/admin/tax-rates: a rate for a country or region (admins); 409 when it already has one. */
export const POST = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await createTaxRate(actor, await readJson(req, taxRateSchema)), { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
