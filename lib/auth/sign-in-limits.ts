import 'server-only';
import { ValidationError } from '@/lib/core/errors';
import { addressBucket, LIMITS, type Limit } from '@/lib/rate-limit';
import { emailSchema } from '@/lib/validations/common';

/** Sign-in limits (DESIGN.md section 5) count failed sign-ins only; past the per-email threshold a password alone no longer signs in
 * and the owner uses an emailed link (lib/auth/sign-in-link.ts). */

/** The email, password, CSRF token and callback address fit many times over. */
export const SIGN_IN_BODY_LIMIT_BYTES = 16 * 1024;

export const SIGN_IN_FORM_TYPES = 'Send the sign-in form as application/x-www-form-urlencoded or as application/json';

export type SignInFields = Record<string, string>;

/** A credentials sign-in's fields, read once so what is counted is what next-auth checks; a body readable two ways is refused (400). */
export function readSignInFields(body: string, contentType: string | null): SignInFields {
  const type = contentType ?? '';
  const json = type.includes('application/json');
  const form = type.includes('application/x-www-form-urlencoded');
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  const expected = json ? 'application/json' : 'application/x-www-form-urlencoded';
  if (json === form || mediaType !== expected) throw new ValidationError(SIGN_IN_FORM_TYPES);
  if (form) {
    const fields: SignInFields = {};
    for (const [name, value] of new URLSearchParams(body)) {
      if (Object.hasOwn(fields, name)) throw new ValidationError(`The sign-in form names "${name.slice(0, 40)}" more than once`);
      fields[name] = value;
    }
    return fields;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ValidationError('The request body must be JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ValidationError('The sign-in form must be a JSON object');
  const fields: SignInFields = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'string') fields[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') fields[name] = String(value);
    else throw new ValidationError(`The sign-in field "${name.slice(0, 40)}" must be text`);
  }
  return fields;
}

/** The email the fields name, as next-auth's authorize reads it (lower-cased); null when it is not an email. */
export function signInFieldsEmail(fields: SignInFields): string | null {
  // Anything else fails next-auth's own check before a password is compared: nothing to count.
  const parsed = emailSchema.safeParse(fields.email);
  return parsed.success ? parsed.data : null;
}

/** The email a credentials sign-in names (form or JSON), lower-cased; null when it is not an email or the body is refused. */
export function signInEmail(body: string, contentType: string | null): string | null {
  try {
    return signInFieldsEmail(readSignInFields(body, contentType));
  } catch (error) {
    if (error instanceof ValidationError) return null;
    throw error;
  }
}

/** The limit of failures per email, from every address: past it the account needs a one-time link. */
export const signInEmailKey = (email: string) => `signin:fail:email:${email}`;

/** The limits a failed sign-in counts against; the per-email one goes last because it answers with the link rule. */
export function signInFailureChecks(
  email: string,
  address: string | null,
  messages: { tooMany?: string; linkRequired?: string } = {},
): Array<[key: string, limit: Limit, message?: string]> {
  const checks: Array<[string, Limit, string?]> = [];
  if (address) {
    const bucket = addressBucket(address);
    checks.push([`signin:fail:email-address:${bucket}:${email}`, LIMITS.signInFailuresPerEmailAndAddress, messages.tooMany]);
    checks.push([`signin:fail:address:${bucket}`, LIMITS.signInFailuresPerAddress, messages.tooMany]);
  }
  checks.push([signInEmailKey(email), LIMITS.signInFailuresPerEmail, messages.linkRequired ?? messages.tooMany]);
  return checks;
}

/** True when next-auth's answer signed somebody in: it sets the session cookie (whole or in chunks). */
export function isSignedIn(res: Response): boolean {
  return res.headers.getSetCookie().some((cookie) => /^(__Secure-)?next-auth\.session-token(\.\d+)?=[^;]/.test(cookie));
}
