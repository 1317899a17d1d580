import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { requireOrderActor } from '@/lib/orders';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { getReturn, takeReturnStep } from '@/lib/returns';
import { returnStepSchema } from '@/lib/validations/returns';

type Params = { id: string };

/** GET /api/returns/{id}: a return of the caller's order (or its link's), any for an admin; else 404. */
export const GET = route<Params>(async (req, { id }) => NextResponse.json(await getReturn(await requireOrderActor(req), id)));

/** PATCH /api/returns/{id} (admins): `{ action: approve | reject | receive | refund, ... }`; 409 from the wrong state. */
export const PATCH = route<Params>(async (req, { id }) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await takeReturnStep(actor, id, await readJson(req, returnStepSchema)));
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
