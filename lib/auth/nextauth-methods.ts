/**
 * The methods each next-auth endpoint under /api/auth takes. next-auth answers others with 400 or,
 * for a GET of the credentials callback, 500; the route answers them with 405 and `Allow` instead,
 * and an unknown endpoint with 404, before next-auth sees the request.
 */
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
