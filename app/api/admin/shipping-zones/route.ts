import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { createShippingZone, listShippingZones } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { shippingZoneSchema } from '@/lib/validations/checkout-admin';

/** GET /api/admin/shipping-zones: every zone with its methods and weight bands (admins). */
export const GET = route(async (req) => NextResponse.json(await listShippingZones(await requireAdmin(req))));

/** POST /api/admin/shipping-zones: a new zone (admins); answers it, 201. */
export const POST = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await createShippingZone(actor, await readJson(req, shippingZoneSchema)), { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
