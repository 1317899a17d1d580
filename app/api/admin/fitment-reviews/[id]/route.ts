import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { resolveFitmentReview } from '@/lib/returns';
import { fitmentReviewActionSchema } from '@/lib/validations/fit-reviews';

type Params = { id: string };

/** PATCH /api/admin/fitment-reviews/{id} (admins): `{ action: narrow | remove | qualify | note | dismiss, ... }`; 409 once resolved. */
export const PATCH = route<Params>(async (req, { id }) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await resolveFitmentReview(actor, id, await readJson(req, fitmentReviewActionSchema)));
});

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
