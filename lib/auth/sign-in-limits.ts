import 'server-only';
import { addressBucket, LIMITS, type Limit } from '@/lib/platform/rate-limit';
import { emailSchema } from '@/lib/validations/common';

/**
 * What the sign-in limits count (DESIGN.md section 5): failed sign-ins only, per (email, address) and,
 * far higher, per email from every address. The route (app/api/auth/[...nextauth]/route.ts) reserves
 * a place before next-auth checks the password and gives it back when next-auth signed the user in.
 */

/** The email, password, CSRF token and callback address fit many times over. */
export const SIGN_IN_BODY_LIMIT_BYTES = 16 * 1024;

/** The email a credentials sign-in names (form or JSON, as next-auth reads them), lower-cased; null when it is not an email. */
export function signInEmail(body: string, contentType: string | null): string | null {
  let email: unknown = null;
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    email = new URLSearchParams(body).get('email');
  } else if (contentType?.includes('application/json')) {
    try {
      email = (JSON.parse(body) as { email?: unknown } | null)?.email;
    } catch {
      email = null;
    }
  }
  // Anything else fails next-auth's own check before a password is compared: nothing to count.
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : null;
}

/** The limits a failed sign-in counts against; the per-address one only when the address is known. */
export function signInFailureChecks(email: string, address: string | null): Array<[key: string, limit: Limit]> {
  const checks: Array<[string, Limit]> = [];
  if (address) checks.push([`signin:fail:email-address:${addressBucket(address)}:${email}`, LIMITS.signInFailuresPerEmailAndAddress]);
  checks.push([`signin:fail:email:${email}`, LIMITS.signInFailuresPerEmail]);
  return checks;
}

/** True when next-auth's answer signed somebody in: it sets the session cookie (whole or in chunks). */
export function isSignedIn(res: Response): boolean {
  return res.headers.getSetCookie().some((cookie) => /^(__Secure-)?next-auth\.session-token(\.\d+)?=[^;]/.test(cookie));
}
