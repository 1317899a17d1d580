import 'server-only';
import type { Actor } from '@/lib/auth';
import { expireCacheTags } from '@/lib/platform/cache';
import { SHIPPING_TAG } from '@/lib/checkout/shipping';

/** Admin side of checkout (issue 29), admins only and audited. Dollars, kg and percent at the edge;
 * stored as integer cents, grams and thousandths of a percent. */

export type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

/** Quotes read zones and rates from the cache (lib/checkout/shipping.ts): every change expires them, on every instance. */
export const ratesChanged = () => expireCacheTags([SHIPPING_TAG]);
