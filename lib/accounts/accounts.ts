import 'server-only';
import { appUrl } from '@/lib/platform/env';
import { ForbiddenError, ValidationError } from '@/lib/platform/errors';
import { linkMail, sendMail } from '@/lib/mail';
import { enforceLimits, LIMITS, perAddress, type Limit } from '@/lib/platform/rate-limit';
import { consumeOneTimeToken, createOneTimeToken, findTokenOwner, peekOneTimeToken, USED_LINK } from '@/lib/accounts/tokens';
import { createUser, findUserByEmail, markEmailVerified, setPassword, type UserDTO } from '@/lib/accounts/users';
import type { RegisterInput, ResetPasswordInput } from '@/lib/validations/auth';

/** Account flows: registration, email verification, forgotten password. */

const VERIFY_SECONDS = 24 * 60 * 60;
const RESET_SECONDS = 60 * 60;
export const FORGOT_PASSWORD_ANSWER = 'Email Sended, Check inbox or spam folder';
export const TOO_MANY_EMAILS = 'Too many emails asked for, please wait a while and try again';

export async function registerAccount(input: RegisterInput, ip: string | null): Promise<UserDTO> {
  await enforceLimits(
    [...perAddress('register:ip', ip, LIMITS.registerPerIp), [`register:email:${input.email}`, LIMITS.registerPerEmail]],
    'Too many accounts created from here, please try again later',
  );
  const user = await createUser({ name: input.name, email: input.email, password: input.password });
  await sendVerificationEmail(user);
  return user;
}

export async function sendVerificationEmail(user: Pick<UserDTO, 'email' | 'name'>): Promise<void> {
  const token = await createOneTimeToken('verify-email', user.email, VERIFY_SECONDS);
  const link = `${appUrl()}/api/verify-email?token=${token}`;
  await sendMail(
    linkMail({
      to: user.email,
      subject: 'Verify your email address',
      greeting: `Hello ${user.name},`,
      body: 'Thanks for creating your account. Please confirm that this email address is yours.',
      action: 'Verify email',
      link,
      footer: 'The link works once and expires in 24 hours. If you did not create an account, ignore this email.',
    }),
  );
}

/** Sends the verification email again to a signed-in user whose address is not yet verified. */
export async function resendVerificationEmail(user: UserDTO): Promise<void> {
  if (user.emailVerified) throw new ForbiddenError('Your email is already verified');
  await enforceLimits([[`verify:email:${user.email}`, LIMITS.mailPerEmail]], TOO_MANY_EMAILS);
  await sendVerificationEmail(user);
}

export type VerificationOutcome = 'verified' | 'already-verified' | 'used' | 'invalid';

/** Follows a verification link; a second visit by a verified user is "already verified", not a failure. */
export async function verifyEmailLink(token: string): Promise<VerificationOutcome> {
  try {
    await markEmailVerified(await consumeOneTimeToken('verify-email', token));
    return 'verified';
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    if (error.message !== USED_LINK) return 'invalid';
    const owner = await findTokenOwner('verify-email', token);
    const user = owner ? await findUserByEmail(owner) : null;
    return user?.emailVerified ? 'already-verified' : 'used';
  }
}

/** Always answers the same, whether or not the account exists; mails only real accounts with a password. */
export async function requestPasswordReset(rawEmail: string, ip: string | null): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await enforceLimits([...perAddress('forgot:ip', ip, LIMITS.mailPerIp), [`forgot:email:${email}`, LIMITS.mailPerEmail]], TOO_MANY_EMAILS);
  const user = email ? await findUserByEmail(email) : null;
  if (!user) return;
  const token = await createOneTimeToken('reset-password', user.email, RESET_SECONDS);
  await sendMail(
    linkMail({
      to: user.email,
      subject: 'Reset your password',
      greeting: `Hello ${user.name},`,
      body: 'Somebody (hopefully you) asked to reset the password of your account.',
      action: 'Choose a new password',
      link: `${appUrl()}/reset-password?token=${token}`,
      footer: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
    }),
  );
}

export async function resetPassword(input: ResetPasswordInput, ip: string | null): Promise<void> {
  const owner = await peekOneTimeToken('reset-password', input.token);
  await enforceLimits([
    ...perAddress('reset:ip', ip, LIMITS.resetPerIp),
    ...(owner ? ([[`reset:email:${owner}`, LIMITS.resetPerEmail]] as Array<[string, Limit]>) : []),
  ]);
  const email = await consumeOneTimeToken('reset-password', input.token);
  await setPassword(email, input.password);
  // Following the emailed link proves the address too.
  await markEmailVerified(email);
}
