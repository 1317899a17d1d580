import 'server-only';
import type { Types } from 'mongoose';
import { assertSelfOrAdmin, canSee, type Actor } from '@/lib/auth';
import { asWritten, changedFields, recordAudit } from '@/lib/audit';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import type { ProfileDTO } from '@/lib/accounts/types';
import type { ProfileInput, ProfileUpdate } from '@/lib/validations/profile';
import { Profile } from '@/models';
import type { ProfileDoc } from '@/models/profile';

export type { ProfileDTO };

type LeanProfile = ProfileDoc & { _id: Types.ObjectId };

function toProfileDTO(profile: LeanProfile): ProfileDTO {
  return {
    _id: String(profile._id),
    name: profile.name,
    email: profile.email,
    education: profile.education,
    image: profile.image,
    district: profile.district,
    city: profile.city,
    linkedin: profile.linkedin || null,
    github: profile.github || null,
    phone: profile.phone,
  };
}

/** The profiles of an email (at most one): the spec's answer is an array. */
export async function getProfilesByEmail(actor: Pick<Actor, 'email' | 'isAdmin'>, email: string): Promise<ProfileDTO[]> {
  assertSelfOrAdmin(actor, email, { message: 'You can only see your own profile' });
  await connectDb();
  const profile = await Profile.findOne({ email: email.toLowerCase() }).lean<LeanProfile>();
  return profile ? [toProfileDTO(profile)] : [];
}

export const PROFILE_EXISTS = 'You already added your profile; update it instead';

/** Adds the caller's own profile; name and email come from the account, never from the request. */
export async function addProfile(actor: Pick<Actor, 'email' | 'name'>, input: ProfileInput): Promise<ProfileDTO> {
  await connectDb();
  try {
    const profile = await Profile.create({ ...input, name: actor.name, email: actor.email });
    return toProfileDTO(profile.toObject() as LeanProfile);
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(PROFILE_EXISTS);
    throw error;
  }
}

/** Updates a profile: the caller's own, or anyone's for an admin (audited, as every admin change). */
export async function updateProfile(
  actor: Pick<Actor, '_id' | 'email' | 'isAdmin'>,
  id: string,
  input: ProfileUpdate,
): Promise<ProfileDTO> {
  const profileId = parseObjectId(id, 'Profile not found');
  await connectDb();
  const profile = await Profile.findById(profileId).lean<LeanProfile>();
  // Another customer's profile is reported as missing, not as forbidden.
  if (!profile || !canSee(actor, profile.email)) throw new NotFoundError('Profile not found');
  const set: Record<string, string> = { image: input.image };
  const unset: Record<string, ''> = {};
  for (const field of ['education', 'district', 'city', 'phone'] as const) if (input[field] !== undefined) set[field] = input[field];
  for (const field of ['linkedin', 'github'] as const) {
    if (input[field] === undefined) continue;
    if (input[field]) set[field] = input[field];
    else unset[field] = '';
  }
  await Profile.updateOne({ _id: profile._id }, { $set: set, ...(Object.keys(unset).length ? { $unset: unset } : {}) });
  if (profile.email !== actor.email) {
    const before = toProfileDTO(profile);
    const changes = changedFields(before, toProfileDTO(asWritten(profile, set, unset)));
    if (Object.keys(changes.before).length)
      await recordAudit(actor, { action: 'profile.update', target: { kind: 'profile', id: before._id, label: before.email }, ...changes });
  }
  return toProfileDTO((await Profile.findById(profile._id).lean<LeanProfile>())!);
}
