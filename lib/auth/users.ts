import 'server-only';
import type { Types } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { toObjectId } from '@/lib/core/ids';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { User } from '@/models';
import type { UserDoc } from '@/models/user';

export type UserDTO = {
  _id: string;
  email: string;
  name: string;
  role: 'admin' | null;
  emailVerified: boolean;
  hasPassword: boolean;
  sessionVersion: number;
  createdAt: string;
};

export type LeanUser = UserDoc & { _id: Types.ObjectId; createdAt: Date };

export function toUserDTO(user: LeanUser): UserDTO {
  return {
    _id: String(user._id),
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : null,
    emailVerified: Boolean(user.emailVerified),
    hasPassword: Boolean(user.passwordHash),
    sessionVersion: user.sessionVersion ?? 0,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

export const DUPLICATE_EMAIL = 'An account with this email already exists, please log in';

export async function createUser(input: {
  name: string;
  email: string;
  password?: string;
  role?: 'admin';
  emailVerified?: boolean;
}): Promise<UserDTO> {
  await connectDb();
  try {
    const user = await User.create({
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash: input.password ? await hashPassword(input.password) : undefined,
      role: input.role,
      emailVerified: input.emailVerified ? new Date() : undefined,
    });
    return toUserDTO(user.toObject() as LeanUser);
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(DUPLICATE_EMAIL);
    throw error;
  }
}

export async function findUserByEmail(email: string): Promise<UserDTO | null> {
  await connectDb();
  const user = await User.findOne({ email: String(email).toLowerCase() }).lean<LeanUser>();
  return user ? toUserDTO(user) : null;
}

export async function findUserById(id: string): Promise<UserDTO | null> {
  const userId = toObjectId(id);
  if (!userId) return null;
  await connectDb();
  const user = await User.findById(userId).lean<LeanUser>();
  return user ? toUserDTO(user) : null;
}

/** The user for an email and password, or null (same answer for an unknown email and a wrong password). */
export async function authenticate(email: string, password: string): Promise<UserDTO | null> {
  await connectDb();
  const user = await User.findOne({ email: email.toLowerCase() }).lean<LeanUser>();
  const ok = await verifyPassword(password, user?.passwordHash);
  return ok && user ? toUserDTO(user) : null;
}

/** A Google sign-in: the account with that email (created if new), so both ways reach one account. */
export async function upsertGoogleUser(input: { email: string; name: string; googleId: string }): Promise<UserDTO> {
  await connectDb();
  const email = input.email.toLowerCase();
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await User.findOne({ email }).lean<LeanUser>();
    if (existing) {
      await User.updateOne({ _id: existing._id }, { $set: { googleId: input.googleId } });
      const proved = await proveEmailWithoutPassword(email);
      if (proved) return proved;
      continue;
    }
    try {
      const user = await User.create({ email, name: input.name || email, googleId: input.googleId, emailVerified: new Date() });
      return toUserDTO(user.toObject() as LeanUser);
    } catch (error) {
      // Registered at the same moment by another request: take the existing account.
      if (!isDuplicateKey(error)) throw error;
    }
  }
  throw new ConflictError(DUPLICATE_EMAIL);
}

/** Sets a new password and ends every session and token issued before it. */
export async function setPassword(email: string, password: string): Promise<void> {
  await connectDb();
  const result = await User.updateOne(
    { email: email.toLowerCase() },
    { $set: { passwordHash: await hashPassword(password) }, $inc: { sessionVersion: 1 } },
  );
  if (result.matchedCount === 0) throw new NotFoundError('No user with that email');
}

/** The address was proved without the password: a possibly pre-hijacked account loses its password and older sessions, so only the
 * prover holds it. */
export async function proveEmailWithoutPassword(email: string): Promise<UserDTO | null> {
  await connectDb();
  await User.updateOne(
    { email: email.toLowerCase(), emailVerified: { $exists: false } },
    { $set: { emailVerified: new Date() }, $unset: { passwordHash: 1 }, $inc: { sessionVersion: 1 } },
  );
  return findUserByEmail(email);
}

export async function markEmailVerified(email: string): Promise<void> {
  await connectDb();
  await User.updateOne({ email: email.toLowerCase(), emailVerified: { $exists: false } }, { $set: { emailVerified: new Date() } });
}
