/**
 * A readable cookie that only says "this browser may have a session" (never who): the pages are
 * the same cached HTML for everyone, and their session islands ask the server who is signed in
 * only when it is present, so a visitor's page view makes no session request at all.
 */
export const SESSION_HINT_COOKIE = 'pm_session_hint';

export function hasSessionHint(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
