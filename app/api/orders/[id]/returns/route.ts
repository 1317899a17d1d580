import { NextResponse } from 'next/server';
import { requireOrderActor } from '@/lib/orders';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { requestReturn } from '@/lib/returns';
import { returnRequestSchema } from '@/lib/validations/returns';

/** POST /api/orders/{id}/returns: the order's customer, or a guest with its link (`X-Order-Token`), asks to return lines (201). */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const actor = await requireOrderActor(req);
  return NextResponse.json(await requestReturn(actor, id, await readJson(req, returnRequestSchema)), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
