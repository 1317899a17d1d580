import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { deleteTaxRate, updateTaxRate } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { taxRateSchema } from '@/lib/validations/checkout-admin';

type Params = { id: string };

/** PUT /api/admin/tax-rates/{id}: changes a rate (admins). */
export const PUT = route<Params>(async (req, { id }) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await updateTaxRate(actor, id, await readJson(req, taxRateSchema)));
});

/** DELETE /api/admin/tax-rates/{id}: removes a rate (admins). */
export const DELETE = route<Params>(async (req, { id }) => NextResponse.json(await deleteTaxRate(await requireAdmin(req), id)));

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
