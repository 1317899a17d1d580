import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { addToGarage, getGarage } from '@/lib/vehicles';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { vehicleChoiceSchema } from '@/lib/validations/vehicles';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** GET /api/garage: the signed-in customer's saved vehicles and the active one. */
export const GET = route(async (req) => NextResponse.json(await getGarage(await requireActor(req)), { headers: PRIVATE }));

/** POST /api/garage `{ year, make, model, engine? }`: saves a vehicle (up to 10) and makes it active. */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  return NextResponse.json(await addToGarage(actor, await readJson(req, vehicleChoiceSchema)), { status: 201, headers: PRIVATE });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
