import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { authSecret } from '@/lib/platform/env';

/** API bearer tokens use their own salt, so a session cookie is not a bearer token nor the reverse. */
const SALT = 'partsmart.api-token.v1';
export const API_TOKEN_SECONDS = 60 * 60;

export type ApiTokenClaims = { sub: string; email: string; sv: number; typ: 'api' };

export async function issueApiToken(
  user: { id: string; email: string; sessionVersion: number },
  maxAgeSeconds = API_TOKEN_SECONDS,
): Promise<string> {
  return encode({
    token: { sub: user.id, email: user.email, sv: user.sessionVersion, typ: 'api' },
    secret: authSecret(),
    salt: SALT,
    maxAge: maxAgeSeconds,
  });
}

/** The claims of a valid, unexpired token, else null. */
export async function verifyApiToken(token: string): Promise<ApiTokenClaims | null> {
  try {
    const claims = await decode({ token, secret: authSecret(), salt: SALT });
    if (!claims || claims.typ !== 'api' || typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
    return { sub: claims.sub, email: claims.email, sv: typeof claims.sv === 'number' ? claims.sv : 0, typ: 'api' };
  } catch {
    return null;
  }
}
