import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { CartPage } from '@/components/cart/cart-page';
import { getCart } from '@/lib/cart';
import { pageCartCaller } from '@/lib/cart';
import { decodeDestination, DESTINATION_COOKIE } from '@/lib/cart/destination';
import { getCachedParts } from '@/lib/catalog';
import { fitmentForStatus } from '@/lib/catalog/fitment';
import { savedQuoteFor } from '@/lib/checkout';
import { lastUnpaidOrder } from '@/lib/orders';
import { LAST_ORDER_COOKIE } from '@/lib/orders';
import { decodeVehicle, VEHICLE_COOKIE } from '@/lib/vehicles/cookie';

export const metadata: Metadata = { title: 'Cart', robots: { index: false } };

// One buyer's cart, rendered per request before anything is sent: the first paint holds its lines.
export const instant = false;

export default async function CartRoute() {
  const [caller, jar] = await Promise.all([pageCartCaller(), cookies()]);
  const vehicle = decodeVehicle(jar.get(VEHICLE_COOKIE)?.value);
  const [view, unpaid] = await Promise.all([getCart(caller.owner), lastUnpaidOrder(caller.actor, jar.get(LAST_ORDER_COOKIE)?.value)]);
  const cart = caller.leftInGuestCart ? { ...view, leftInGuestCart: caller.leftInGuestCart } : view;
  const filled = cart.lines.length > 0;
  const [quote, parts] = await Promise.all([
    filled ? savedQuoteFor(caller, decodeDestination(jar.get(DESTINATION_COOKIE)?.value)) : null,
    filled && vehicle ? getCachedParts(cart.lines.map((line) => line.partId)) : [],
  ]);
  const fitments = Object.fromEntries(parts.map((part) => [part._id, fitmentForStatus(part.fitment)]));
  const warnings = Object.fromEntries(parts.map((part) => [part._id, part.fitWarnings]));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Your cart</h1>
      <CartPage cart={cart} unpaid={unpaid} vehicle={vehicle} fitments={fitments} warnings={warnings} quote={quote} />
    </div>
  );
}
