import { NextResponse } from 'next/server';
import { otherMethods, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { listMakes, listMakesWithParts, listModels, listYearsAndEngines } from '@/lib/vehicles';
import { vehicleQuerySchema } from '@/lib/validations/vehicles';

/** Reference data changes rarely: browsers and CDNs may keep it for a few minutes. */
const CACHE = { 'Cache-Control': 'public, max-age=300, s-maxage=300, stale-while-revalidate=3600' };

/** GET /api/vehicles: `{ makes, makesWithParts }`; `?make=`: `{ models: [{ model, years, yearsWithParts }] }`; `?make=&model=`: `{ years: [{ year, engines }] }`. */
export const GET = route(async (req) => {
  const { make, model } = parseInput(vehicleQuerySchema, searchParamsOf(req));
  if (make && model) return NextResponse.json({ years: await listYearsAndEngines(make, model) }, { headers: CACHE });
  if (make) return NextResponse.json({ models: await listModels(make) }, { headers: CACHE });
  const [makes, makesWithParts] = await Promise.all([listMakes(), listMakesWithParts()]);
  return NextResponse.json({ makes, makesWithParts }, { headers: CACHE });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
