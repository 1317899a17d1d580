/** Methods each /api/auth endpoint takes; others get 405 with `Allow` (unknown endpoints 404) before next-auth answers 400 or 500. */
const METHODS_BY_ACTION: Record<string, readonly string[]> = {
  csrf: ['GET'],
  session: ['GET'],
  providers: ['GET'],
  signin: ['GET', 'POST'],
  signout: ['GET', 'POST'],
  callback: ['GET', 'POST'],
  'verify-request': ['GET'],
  error: ['GET'],
  _log: ['POST'],
};

/** The methods `/api/auth/{action}/{provider}` takes, or null for an endpoint next-auth does not have. */
export function nextAuthMethods(action: string | undefined, provider: string | undefined): readonly string[] | null {
  if (!action) return null;
  // Credentials are only ever posted; an OAuth provider's callback is a GET (or a POST for some).
  if (action === 'callback' && provider === 'credentials') return ['POST'];
  return METHODS_BY_ACTION[action] ?? null;
}
