import { Types } from 'mongoose';
import type { Caller } from '@/lib/auth/caller';
import { connectDb } from '@/lib/db';
import { ConflictError, ForbiddenError, NotFoundError, isDuplicateKey } from '@/lib/errors';
import type { ProfileInput, ProfileUpdate } from '@/lib/validations/profile';
import { Profile } from '@/models';
import type { ProfileDoc } from '@/models/profile';

export type ProfileDTO = {
  _id: string;
  name: string;
  email: string;
  education: string;
  image: string;
  district: string;
  city: string;
  linkedin: string | null;
  github: string | null;
  phone: string;
};

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

type Actor = Pick<Caller, 'email' | 'name' | 'isAdmin'>;

function assertCanSee(actor: Actor, email: string): void {
  if (actor.email !== email.toLowerCase() && !actor.isAdmin) throw new ForbiddenError('You can only see your own profile');
}

/** The profiles of an email (at most one): the spec's answer is an array. */
export async function getProfilesByEmail(actor: Actor, email: string): Promise<ProfileDTO[]> {
  assertCanSee(actor, email);
  await connectDb();
  const profile = await Profile.findOne({ email: email.toLowerCase() }).lean<LeanProfile>();
  return profile ? [toProfileDTO(profile)] : [];
}

export const PROFILE_EXISTS = 'You already added your profile; update it instead';

/** Adds the caller's own profile; name and email come from the account, never from the request. */
export async function addProfile(actor: Actor, input: ProfileInput): Promise<ProfileDTO> {
  await connectDb();
  try {
    const profile = await Profile.create({ ...input, name: actor.name, email: actor.email });
    return toProfileDTO(profile.toObject() as LeanProfile);
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(PROFILE_EXISTS);
    throw error;
  }
}

export async function updateProfile(actor: Actor, id: string, input: ProfileUpdate): Promise<ProfileDTO> {
  if (!Types.ObjectId.isValid(id)) throw new NotFoundError('Profile not found');
  await connectDb();
  const profile = await Profile.findById(id).lean<LeanProfile>();
  // Another customer's profile is reported as missing, not as forbidden.
  if (!profile || (profile.email !== actor.email && !actor.isAdmin)) throw new NotFoundError('Profile not found');
  const set: Record<string, string> = { image: input.image };
  const unset: Record<string, ''> = {};
  for (const field of ['education', 'district', 'city', 'phone'] as const) if (input[field]) set[field] = input[field];
  for (const field of ['linkedin', 'github'] as const) {
    if (input[field] === undefined) continue;
    if (input[field]) set[field] = input[field];
    else unset[field] = '';
  }
  await Profile.updateOne({ _id: profile._id }, { $set: set, ...(Object.keys(unset).length ? { $unset: unset } : {}) });
  const updated = await Profile.findById(profile._id).lean<LeanProfile>();
  return toProfileDTO(updated!);
}
