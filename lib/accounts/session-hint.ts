/** A readable "maybe signed in" cookie (never who): pages are shared cached HTML, and islands ask for the session only when it is set. */
export const SESSION_HINT_COOKIE = 'pm_session_hint';

export function hasSessionHint(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
