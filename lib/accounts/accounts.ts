import 'server-only';
import { appUrl } from '@/lib/platform/env';
import { ForbiddenError, ValidationError } from '@/lib/core/errors';
import { linkMail, sendMail } from '@/lib/mail';
import { enforceLimits, LIMITS, perAddress, type Limit } from '@/lib/rate-limit';
import type { Actor } from '@/lib/auth';
import { consumeOneTimeToken, createOneTimeToken, findToken, INVALID_LINK, isTokenUsed, peekOneTimeToken, USED_LINK } from '@/lib/auth';
import { authenticate, createUser, findUserByEmail, markEmailVerified, setPassword, type UserDTO } from '@/lib/auth';
import type { RegisterInput, ResetPasswordInput, VerifyEmailInput } from '@/lib/validations/auth';

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
  const link = `${appUrl()}/verify-email?token=${token}`;
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

export const VERIFY_TEXT = {
  passwordNeeded: 'Enter the password of this account to confirm that it is yours',
  wrongPassword: 'This is not the password of this account',
  tooMany: 'Too many tries, please wait a while and try again',
} as const;

/** What a verification link's page offers: confirm (with the password unless signed in to that account), or why the link is spent. */
export type VerificationStep =
  { state: 'confirm'; email: string; needsPassword: boolean } | { state: Exclude<VerificationOutcome, 'verified'> };

/** Opening the link changes nothing (mail scanners open links); confirming needs the password to stop account pre-hijacking,
 * where a stranger registers the owner's email and waits for the owner to verify it. */
export async function verificationStep(token: string, viewer: Pick<Actor, 'email' | 'via'> | null): Promise<VerificationStep> {
  const record = token ? await findToken('verify-email', token) : null;
  const user = record ? await findUserByEmail(record.email) : null;
  if (!record || !user) return { state: 'invalid' };
  if (user.emailVerified) return { state: 'already-verified' };
  if (await isTokenUsed(token)) return { state: 'used' };
  if (record.expiresAt.getTime() <= Date.now()) return { state: 'invalid' };
  return { state: 'confirm', email: user.email, needsPassword: needsPassword(user, viewer) };
}

const needsPassword = (user: UserDTO, viewer: Pick<Actor, 'email' | 'via'> | null) =>
  user.hasPassword && !(viewer?.via === 'session' && viewer.email === user.email);

/** Confirms a verification link's email (POST /api/verify-email) by password or own session; a wrong password uses nothing. */
export async function confirmEmail(
  input: VerifyEmailInput,
  caller: Pick<Actor, 'email' | 'via'> | null,
  ip: string | null,
): Promise<Exclude<VerificationOutcome, 'used' | 'invalid'>> {
  const step = await verificationStep(input.token, caller);
  if (step.state === 'already-verified') return step.state;
  if (step.state !== 'confirm') throw new ValidationError(step.state === 'used' ? USED_LINK : INVALID_LINK);
  if (step.needsPassword) {
    if (!input.password) throw new ValidationError(VERIFY_TEXT.passwordNeeded, { password: [VERIFY_TEXT.passwordNeeded] });
    await enforceLimits(
      // Keys of their own: the resend's limit counts emails asked for under `verify:email:`.
      [...perAddress('verify-password:ip', ip, LIMITS.resetPerIp), [`verify-password:email:${step.email}`, LIMITS.resetPerEmail]],
      VERIFY_TEXT.tooMany,
    );
    if (!(await authenticate(step.email, input.password))) {
      throw new ValidationError(VERIFY_TEXT.wrongPassword, { password: [VERIFY_TEXT.wrongPassword] });
    }
  }
  try {
    await markEmailVerified(await consumeOneTimeToken('verify-email', input.token));
  } catch (error) {
    // Confirmed at the same moment in another window: the first one verified it.
    if (error instanceof ValidationError && error.message === USED_LINK && (await findUserByEmail(step.email))?.emailVerified) {
      return 'already-verified';
    }
    throw error;
  }
  return 'verified';
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
