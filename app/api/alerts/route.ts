import { NextResponse } from 'next/server';
import { subscribeToAlert } from '@/lib/alerts';
import { assertWriteOrigin, resolveActor } from '@/lib/auth';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { alertRequestSchema } from '@/lib/validations/alerts';

/** POST /api/alerts `{ partId } | { vehicle }` (and a guest's `email`): 201 with a new alert, 200 with the same one again. */
export const POST = route(async (req) => {
  const actor = await resolveActor(req);
  if (actor) assertWriteOrigin(req, actor);
  const input = await readJson(req, alertRequestSchema);
  const { alert, created } = await subscribeToAlert(actor, input, clientIp(req.headers));
  return NextResponse.json(alert, { status: created ? 201 : 200, headers: { 'Cache-Control': 'private, no-store' } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
