import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { connectDb } from '@/lib/platform/db';
import { ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { OneTimeToken, TokenUse } from '@/models';
import type { TokenPurpose } from '@/models/one-time-token';

/** Single-use links (email verification, password reset, sign-in). Only the token's SHA-256 is stored. */

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export const INVALID_LINK = 'This link is invalid or has expired, please ask for a new one';
export const USED_LINK = 'This link was already used, please ask for a new one';

export async function createOneTimeToken(purpose: TokenPurpose, email: string, ttlSeconds: number): Promise<string> {
  await connectDb();
  const token = randomBytes(32).toString('base64url');
  await OneTimeToken.create({
    tokenHash: hash(token),
    purpose,
    email: email.toLowerCase(),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/** The email a valid, unexpired token belongs to, without using it (for per-email limits). */
export async function peekOneTimeToken(purpose: TokenPurpose, token: string): Promise<string | null> {
  await connectDb();
  const record = await OneTimeToken.findOne({ tokenHash: hash(token), purpose }, { email: 1, expiresAt: 1 }).lean();
  return record && record.expiresAt.getTime() > Date.now() ? record.email : null;
}

/** The email a token was issued to and when it expires, used or not, expired or not (to word the answer to it). */
export async function findToken(purpose: TokenPurpose, token: string): Promise<{ email: string; expiresAt: Date } | null> {
  await connectDb();
  return OneTimeToken.findOne({ tokenHash: hash(token), purpose }, { _id: 0, email: 1, expiresAt: 1 }).lean<{
    email: string;
    expiresAt: Date;
  }>();
}

/** Whether a token was used already. */
export async function isTokenUsed(token: string): Promise<boolean> {
  await connectDb();
  return Boolean(await TokenUse.exists({ tokenHash: hash(token) }));
}

/** Uses a token once and answers its email. The unique TokenUse makes a second use fail, even at the same moment. */
export async function consumeOneTimeToken(purpose: TokenPurpose, token: string): Promise<string> {
  await connectDb();
  const tokenHash = hash(token);
  const record = await OneTimeToken.findOne({ tokenHash, purpose }).lean();
  // Expiry is checked here: a TTL index (where the server has one) only cleans up.
  if (!record || record.expiresAt.getTime() <= Date.now()) throw new ValidationError(INVALID_LINK);
  try {
    await TokenUse.create({ tokenHash });
  } catch (error) {
    if (isDuplicateKey(error)) throw new ValidationError(USED_LINK);
    throw error;
  }
  return record.email;
}
