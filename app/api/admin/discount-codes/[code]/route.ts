import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { getDiscountCode, setDiscountPaused } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { discountStateSchema } from '@/lib/validations/checkout-admin';

type Params = { code: string };

/** GET /api/admin/discount-codes/{code}: one code with its uses and status (admins). */
export const GET = route<Params>(async (req, { code }) => NextResponse.json(await getDiscountCode(await requireAdmin(req), code)));

/** PATCH /api/admin/discount-codes/{code}: `{ paused }` pauses or resumes the code (admins). */
export const PATCH = route<Params>(async (req, { code }) => {
  const actor = await requireAdmin(req);
  const { paused } = await readJson(req, discountStateSchema);
  return NextResponse.json(await setDiscountPaused(actor, code, paused));
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
