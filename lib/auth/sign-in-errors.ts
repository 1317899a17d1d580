/** The login page's text per error code; only known codes, so a link cannot put its own words on the page. */
const SIGN_IN_ERRORS: Record<string, string> = {
  TooManyAttempts: 'Too many sign-in attempts, please wait a few minutes and try again',
  SignInLinkRequired:
    'Too many failed sign-ins for this account: its password alone no longer signs in. We can email you a one-time sign-in link.',
  GoogleEmailUnverified: 'Your Google email is not verified',
  OAuthAccountNotLinked: 'This email is already used by another sign-in method',
  OAuthSignin: 'Google sign-in could not start, please try again',
  OAuthCallback: 'Google sign-in failed, please try again',
  AccessDenied: 'Sign-in was refused',
  Callback: 'Sign-in failed, please try again',
};

export const TOO_MANY_SIGN_INS = SIGN_IN_ERRORS.TooManyAttempts!;
export const SIGN_IN_LINK_REQUIRED = SIGN_IN_ERRORS.SignInLinkRequired!;

/** The codes after which the login page offers a one-time sign-in link by email. */
export const LINK_OFFERING_ERRORS: readonly string[] = ['TooManyAttempts', 'SignInLinkRequired'];

/** The code of a refused sign-in, for the login page's URL. */
export function signInErrorCode(message: string): string {
  return Object.entries(SIGN_IN_ERRORS).find(([, text]) => text === message)?.[0] ?? 'Callback';
}

export function signInErrorMessage(code: string): string {
  return SIGN_IN_ERRORS[code] ?? 'Sign-in failed, please try again';
}

/** The error a sign-in attempt answered: a code is translated, our own messages pass as they are. */
export function signInResultMessage(error: string): string {
  return SIGN_IN_ERRORS[error] ?? error;
}
