import { NextResponse } from 'next/server';
import { requireCaller } from '@/lib/auth/caller';
import { readJson, route } from '@/lib/http';
import { addProfile } from '@/lib/profiles';
import { profileInputSchema } from '@/lib/validations/profile';

/** POST /api/myProfile: the caller's profile (name and email from the account); answers `insertedId`. */
export const POST = route(async (req) => {
  const caller = await requireCaller(req);
  const profile = await addProfile(caller, await readJson(req, profileInputSchema));
  return NextResponse.json({ acknowledged: true, insertedId: profile._id }, { status: 201 });
});
