import 'server-only';
import { appUrl } from '@/lib/platform/env';
import { ValidationError } from '@/lib/core/errors';
import { linkMail, sendMail } from '@/lib/mail';
import { enforceLimits, LIMITS, perAddress } from '@/lib/rate-limit';
import { consumeOneTimeToken, createOneTimeToken, INVALID_LINK } from './tokens';
import { findUserByEmail, proveEmailWithoutPassword, type UserDTO } from './users';

/** One-time sign-in links, the owner's way in when failed sign-ins locked the password; a button signs in, so scanners use nothing. */

const LINK_SECONDS = 15 * 60;
export const SIGN_IN_LINK_SENT = 'If this email has an account, a sign-in link is on its way: check your inbox or spam folder';
export const TOO_MANY_LINKS = 'Too many sign-in links asked for, please wait a while and try again';

/** Always answers the same, whether or not the account exists; mails only real accounts. */
export async function requestSignInLink(rawEmail: string, ip: string | null): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await enforceLimits(
    [...perAddress('signin-link:ip', ip, LIMITS.mailPerIp), [`signin-link:email:${email}`, LIMITS.mailPerEmail]],
    TOO_MANY_LINKS,
  );
  const user = email ? await findUserByEmail(email) : null;
  if (!user) return;
  const token = await createOneTimeToken('sign-in', user.email, LINK_SECONDS);
  await sendMail(
    linkMail({
      to: user.email,
      subject: 'Your sign-in link',
      greeting: `Hello ${user.name},`,
      body: 'Somebody (hopefully you) asked for a link to sign in to your account without its password.',
      action: 'Sign in',
      link: `${appUrl()}/login/link?token=${token}`,
      footer:
        'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email and consider changing your password.',
    }),
  );
}

/** The account a sign-in link opens, using the link up; a used, expired or unknown link is refused (400). */
export async function signInWithLink(token: string): Promise<UserDTO> {
  const email = await consumeOneTimeToken('sign-in', token);
  // Following the emailed link proves the address too.
  const user = await proveEmailWithoutPassword(email);
  // The account was deleted after the link was sent.
  if (!user) throw new ValidationError(INVALID_LINK);
  return user;
}
