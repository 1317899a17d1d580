import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { CartPageSync } from '@/components/cart/cart-page-sync';
import { EmptyCart } from '@/components/cart/cart-states';
import { UnpaidOrderNotice } from '@/components/cart/unpaid-order';
import { CheckoutForm } from '@/components/checkout/checkout-page';
import { getCart } from '@/lib/cart';
import { pageCartCaller } from '@/lib/cart';
import { decodeDestination, DESTINATION_COOKIE } from '@/lib/cart/destination';
import { savedQuoteFor } from '@/lib/checkout';
import { lastUnpaidOrder } from '@/lib/orders';
import { LAST_ORDER_COOKIE } from '@/lib/orders';
import { TEXT } from '@/lib/core/texts';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false } };

// One buyer's checkout, rendered per request before anything is sent: the first paint holds the form.
export const instant = false;

export default function CheckoutRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Checkout</h1>
      <Checkout />
    </div>
  );
}

async function Checkout() {
  const [caller, jar] = await Promise.all([pageCartCaller(), cookies()]);
  if (caller.actor?.isAdmin) {
    return <p className="rounded-xl bg-amber-50 p-4 text-amber-900">{TEXT.adminCantPurchase}: admins cannot place orders.</p>;
  }
  const cart = await getCart(caller.owner);
  if (!cart.lines.length) {
    const unpaid = await lastUnpaidOrder(caller.actor, jar.get(LAST_ORDER_COOKIE)?.value);
    return (
      <>
        <CartPageSync cart={cart} />
        {unpaid ? <UnpaidOrderNotice unpaid={unpaid} emptyCart /> : <EmptyCart />}
      </>
    );
  }
  const savedQuote = await savedQuoteFor(caller, decodeDestination(jar.get(DESTINATION_COOKIE)?.value));
  const customer = caller.actor ? { name: caller.actor.name, email: caller.actor.email } : null;
  return (
    <>
      <CartPageSync cart={cart} />
      <CheckoutForm cart={cart} customer={customer} savedQuote={savedQuote} />
    </>
  );
}
