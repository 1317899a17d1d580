import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { otherMethods, parseInput, readJson, route } from '@/lib/platform/http';
import { getProfilesByEmail, updateProfile } from '@/lib/accounts';
import { emailSchema } from '@/lib/validations/common';
import { profilePatchSchema } from '@/lib/validations/profile';

// The spec names both calls on one path: `/myProfile/{email}` to read and `/myProfile/{id}` to update.
type Params = { emailOrId: string };

/** GET /api/myProfile/{email}: the profiles of that email (own, or any for an admin), as an array. */
export const GET = route<Params>(async (req, { emailOrId }) => {
  const actor = await requireActor(req);
  return NextResponse.json(await getProfilesByEmail(actor, parseInput(emailSchema, emailOrId)));
});

/** PATCH /api/myProfile/{id}: `{ profileInfo }`; answers `{ success, message }` or `{ success: false, error }`. */
export const PATCH = route<Params>(
  async (req, { emailOrId }) => {
    const actor = await requireActor(req);
    const { profileInfo } = await readJson(req, profilePatchSchema);
    const profile = await updateProfile(actor, emailOrId, profileInfo);
    return NextResponse.json({ success: true, message: 'Your profile was updated', profile });
  },
  { errorBody: { success: false } },
);

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
