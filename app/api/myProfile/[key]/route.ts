import { NextResponse } from 'next/server';
import { z } from 'zod';
import { requireCaller } from '@/lib/auth/caller';
import { errorResponse, readJson, route } from '@/lib/http';
import { getProfilesByEmail, updateProfile } from '@/lib/profiles';
import { profileUpdateSchema } from '@/lib/validations/profile';

/** GET /api/myProfile/{email}: the profiles of that email (own, or any for an admin), as an array. */
export const GET = route<{ key: string }>(async (req, { key }) => {
  const caller = await requireCaller(req);
  return NextResponse.json(await getProfilesByEmail(caller, decodeURIComponent(key)));
});

const patchSchema = z.object({ profileInfo: profileUpdateSchema });

/** PATCH /api/myProfile/{id}: `{ profileInfo }`; answers `{ success, message }` or `{ success: false, error }`. */
export const PATCH = route<{ key: string }>(async (req, { key }) => {
  try {
    const caller = await requireCaller(req);
    const { profileInfo } = await readJson(req, patchSchema);
    const profile = await updateProfile(caller, key, profileInfo);
    return NextResponse.json({ success: true, message: 'Your profile was updated', profile });
  } catch (error) {
    return errorResponse(error, { success: false });
  }
});
