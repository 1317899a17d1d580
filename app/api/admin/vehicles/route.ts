import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { otherMethods, pageResponse, parseInput, readJson, route, searchParamsOf } from '@/lib/platform/http';
import { pageQuerySchema } from '@/lib/validations/common';
import { vehicleGenerationEditSchema, vehicleGenerationSchema, vehicleListQuerySchema } from '@/lib/validations/vehicles';
import { addVehicleGeneration, editVehicleGeneration, listVehicleGenerations } from '@/lib/vehicles';

/** GET /api/admin/vehicles: the vehicle list's generations, a page at a time, `?make=` one make's (admins). */
export const GET = route(async (req) => {
  const actor = await requireAdmin(req);
  const query = parseInput(pageQuerySchema.extend(vehicleListQuerySchema.shape), searchParamsOf(req));
  return pageResponse(await listVehicleGenerations(actor, query));
});

/** POST /api/admin/vehicles: a make's model over a range of years, with its engines (admins); 409 when its years are taken. */
export const POST = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await addVehicleGeneration(actor, await readJson(req, vehicleGenerationSchema)), { status: 201 });
});

/** PATCH /api/admin/vehicles: a generation by its id, every field as it should be (admins). */
export const PATCH = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await editVehicleGeneration(actor, await readJson(req, vehicleGenerationEditSchema)));
});

export const { PUT, DELETE, OPTIONS } = otherMethods({ GET, POST, PATCH });
