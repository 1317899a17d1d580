import { NextResponse } from 'next/server';
import { confirmFit } from '@/lib/fit-confirmations';
import { requireOrderActor } from '@/lib/orders';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { fitConfirmationSchema } from '@/lib/validations/fit-confirmations';

/** POST /api/parts/{id}/fit-confirmations: the buyer says whether the part fitted, once per order line (201). The fit-check
 * email's signed `token` stands for the buyer; otherwise the session, a bearer token or the guest's order link does. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const input = await readJson(req, fitConfirmationSchema);
  const actor = input.token ? null : await requireOrderActor(req);
  return NextResponse.json(await confirmFit(actor, id, input), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
