import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { deleteShippingZone, getShippingZone, updateShippingZone } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { shippingZoneSchema } from '@/lib/validations/checkout-admin';

type Params = { id: string };

/** GET /api/admin/shipping-zones/{id}: one zone (admins). */
export const GET = route<Params>(async (req, { id }) => NextResponse.json(await getShippingZone(await requireAdmin(req), id)));

/** PUT /api/admin/shipping-zones/{id}: replaces the zone and its methods (a method sent with its id keeps it). */
export const PUT = route<Params>(async (req, { id }) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await updateShippingZone(actor, id, await readJson(req, shippingZoneSchema)));
});

/** DELETE /api/admin/shipping-zones/{id}: removes the zone (admins). */
export const DELETE = route<Params>(async (req, { id }) => NextResponse.json(await deleteShippingZone(await requireAdmin(req), id)));

export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
