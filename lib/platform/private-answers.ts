import 'server-only';

/** Kept apart from the route wrapper so lib/auth/policy.ts, which scripts load, needs none of Next's page code. */
/** Requests whose answer depends on who is calling (lib/auth/policy.ts marks them when it looks). */
const privateRequests = new WeakSet<Request>();

/** The answer to this request depends on the caller: it goes out `private, no-store`. */
export function markPrivate(req: Request): void {
  privateRequests.add(req);
}

export const PRIVATE_NO_STORE = 'private, no-store';

/** A private request's answer, errors included, is never stored by a browser or a shared cache. */
export function withPrivacy(req: Request, res: Response): Response {
  if (privateRequests.has(req)) res.headers.set('Cache-Control', PRIVATE_NO_STORE);
  return res;
}
