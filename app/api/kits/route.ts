import { NextResponse, type NextRequest } from 'next/server';
import { readDestinationCookie } from '@/lib/cart/destination';
import { proposeKits } from '@/lib/kits';
import { otherMethods, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { PRIVATE_NO_STORE } from '@/lib/platform/private-answers';
import { vehicleChoiceSchema } from '@/lib/validations/vehicles';

/** GET /api/kits?year=&make=&model=&engine=: the job kits with a fitting part per line, totalled for the buyer's saved destination. */
export const GET = route(async (req: NextRequest) => {
  const vehicle = parseInput(vehicleChoiceSchema, searchParamsOf(req));
  const destination = readDestinationCookie(req.headers.get('cookie') ?? '');
  // The destination cookie makes the answer this browser's own.
  return NextResponse.json(await proposeKits(vehicle, destination), { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
