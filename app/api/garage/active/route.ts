import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { setActiveVehicle } from '@/lib/vehicles';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { garageActiveSchema } from '@/lib/validations/vehicles';

/** PUT /api/garage/active `{ id }`: switches the active vehicle. */
export const PUT = route(async (req) => {
  const actor = await requireActor(req);
  const { id } = await readJson(req, garageActiveSchema);
  return NextResponse.json(await setActiveVehicle(actor, id));
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
