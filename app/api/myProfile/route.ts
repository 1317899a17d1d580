import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { addProfile } from '@/lib/accounts';
import { profileInputSchema } from '@/lib/validations/profile';

/** POST /api/myProfile: the actor's profile (name and email from the account); answers `insertedId`. */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  const profile = await addProfile(actor, await readJson(req, profileInputSchema));
  return NextResponse.json({ acknowledged: true, insertedId: profile._id }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
