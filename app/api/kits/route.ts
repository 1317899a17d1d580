import { NextResponse, type NextRequest } from 'next/server';
import { readDestinationCookie } from '@/lib/cart/destination';
import { proposeKits } from '@/lib/kits';
import { otherMethods, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { PRIVATE_NO_STORE } from '@/lib/platform/private-answers';
import { kitsQuerySchema } from '@/lib/validations/kits';

/** GET /api/kits?year=&make=&model=&engine=&answers=: the job kits with a fitting part per line, totalled for the buyer's saved
 * destination; `answers` to proposed parts' fit questions that rule a part out propose the line's next one. */
export const GET = route(async (req: NextRequest) => {
  const { answers, ...vehicle } = parseInput(kitsQuerySchema, searchParamsOf(req));
  const destination = readDestinationCookie(req.headers.get('cookie') ?? '');
  // The destination cookie makes the answer this browser's own.
  return NextResponse.json(await proposeKits(vehicle, destination, answers), { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
