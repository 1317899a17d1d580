import 'server-only';
import type { Types } from 'mongoose';

/** What another domain gives back when an order releases what it took (a cancel, an undone placement). */
export type OrderRelease = (orderId: Types.ObjectId) => Promise<void>;

// On globalThis: Next.js may load this module once per bundle, and every copy must see one list.
const KEY = Symbol.for('partsmart.orderReleases');
const holder = globalThis as typeof globalThis & { [KEY]?: Set<OrderRelease> };
const releases = (holder[KEY] ??= new Set<OrderRelease>());

/** Checkout registers its codes' release here (lib/register-hooks.ts), so orders never imports checkout. */
export function onOrderRelease(release: OrderRelease): void {
  releases.add(release);
}

export async function runOrderReleases(orderId: Types.ObjectId): Promise<void> {
  if (releases.size === 0) console.error('[orders] no release hook is registered: registerDomainHooks() was not called');
  for (const release of releases) await release(orderId);
}
