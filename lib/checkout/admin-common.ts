import 'server-only';
import type { Actor } from '@/lib/auth';
import { expireCacheTags } from '@/lib/platform/cache';
import { SHIPPING_TAG } from '@/lib/checkout/shipping';

/**
 * The admin side of checkout (issue 29): shipping zones with their methods and weight bands, tax
 * rates, discount codes (create, pause, resume, redemptions) and the shop's settings. Admins only;
 * every change is audited. Amounts leave here in dollars, weights in kg, rates in percent; they are
 * stored as integer cents, grams and thousandths of a percent. The customer side (lib/checkout/shipping.ts, tax.ts,
 * discounts.ts) reads the same collections.
 */

export type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

/** Quotes read zones and rates from the cache (lib/checkout/shipping.ts): every change expires them, on every instance. */
export const ratesChanged = () => expireCacheTags([SHIPPING_TAG]);

export const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);
