import 'server-only';
import bcrypt from 'bcryptjs';
import { env } from '@/lib/platform/env';

let dummyHash: string | null = null;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, env().BCRYPT_ROUNDS);
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  // Compared against when the account does not exist, so a wrong email costs the same time as a wrong password.
  dummyHash ??= bcrypt.hashSync('not-a-real-password', env().BCRYPT_ROUNDS);
  const ok = await bcrypt.compare(password, hash ?? dummyHash);
  return Boolean(hash) && ok;
}
