import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { createDiscountCode, listDiscountCodes } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { discountCodeSchema } from '@/lib/validations/checkout-admin';

/** GET /api/admin/discount-codes: every code, newest first, with its uses and status (admins). */
export const GET = route(async (req) => NextResponse.json(await listDiscountCodes(await requireAdmin(req))));

/** POST /api/admin/discount-codes: a new code (admins); 409 when the code exists. */
export const POST = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await createDiscountCode(actor, await readJson(req, discountCodeSchema)), { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
