import 'server-only';
import type { Types } from 'mongoose';
import type { OrderDTO } from './types';

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

/** What another domain starts when an order is delivered (fit confirmations note the order's fit check). */
export type OrderDelivered = (order: OrderDTO) => Promise<void>;

const DELIVERED_KEY = Symbol.for('partsmart.orderDelivered');
const deliveredHolder = globalThis as typeof globalThis & { [DELIVERED_KEY]?: Set<OrderDelivered> };
const delivered = (deliveredHolder[DELIVERED_KEY] ??= new Set<OrderDelivered>());

export function onOrderDelivered(hook: OrderDelivered): void {
  delivered.add(hook);
}

/** Runs the delivered hooks; never throws: what they start must not fail the delivery (a repeat of it runs them again). */
export async function runDeliveredHooks(order: OrderDTO): Promise<void> {
  for (const hook of delivered) {
    try {
      await hook(order);
    } catch (error) {
      console.error(`[orders] a delivered hook failed for ${order._id}:`, error);
    }
  }
}
