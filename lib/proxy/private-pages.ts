import 'server-only';
import type { Viewer } from '@/lib/auth';
import { NotFoundError } from '@/lib/core/errors';
import { getOrder } from '@/lib/orders';
import { getPart } from '@/lib/catalog';
import { getProfilesByEmail } from '@/lib/accounts';
import { getDiscountCode, getShippingZone } from '@/lib/checkout';

/** Private pages with an id in their path; the dashboard layout checks access before streaming starts, so a foreign
 * or unknown id answers 404 rather than 200 with a not-found view. Each page checks again. */

export { PATHNAME_HEADER } from '@/lib/auth';

const exists = (promise: Promise<unknown>): Promise<boolean> =>
  promise.then(
    () => true,
    (error: unknown) => {
      if (error instanceof NotFoundError) return false;
      throw error;
    },
  );

const RULES: Array<[RegExp, (viewer: Viewer, id: string) => Promise<boolean>]> = [
  [/^\/dashboard\/orders\/([^/]+)\/?$/, (viewer, id) => exists(getOrder(viewer, id))],
  [/^\/dashboard\/payment\/([^/]+)\/?$/, (viewer, id) => exists(getOrder(viewer, id))],
  [
    /^\/dashboard\/updateProfile\/([^/]+)\/?$/,
    async (viewer, id) => (await getProfilesByEmail(viewer, viewer.email)).some((profile) => profile._id === id),
  ],
  // A customer on an admin page gets the page's own refusal (AdminDenied), as on every admin page.
  [/^\/dashboard\/manageProducts\/([^/]+)\/?$/, (viewer, id) => (viewer.isAdmin ? exists(getPart(id)) : Promise.resolve(true))],
  [
    /^\/dashboard\/shipping\/(?!new\/?$)([^/]+)\/?$/,
    (viewer, id) => (viewer.isAdmin ? exists(getShippingZone(viewer, id)) : Promise.resolve(true)),
  ],
  [
    /^\/dashboard\/discountCodes\/([^/]+)\/?$/,
    (viewer, code) => (viewer.isAdmin ? exists(getDiscountCode(viewer, code)) : Promise.resolve(true)),
  ],
];

/** True when the path is one of the private pages with an id (proxy.ts then asks mayOpenPrivatePage). */
export function namesPrivateRecord(pathname: string): boolean {
  return RULES.some(([pattern]) => pattern.test(pathname));
}

/** False when the path names a record this viewer cannot open (someone else's, or none). */
export async function mayOpenPrivatePage(viewer: Viewer, pathname: string | null): Promise<boolean> {
  if (!pathname) return true;
  for (const [pattern, check] of RULES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    let id: string;
    try {
      id = decodeURIComponent(match[1]!);
    } catch {
      return false;
    }
    return check(viewer, id);
  }
  return true;
}
