import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import type { UnpaidOrder } from '@/lib/orders';
import { formatPrice } from '@/lib/core/money';

/** The buyer's unpaid order with its Pay link, shown on cart and checkout pages since Back from the payment page lands there. */
export function UnpaidOrderNotice({ unpaid, emptyCart }: { unpaid: UnpaidOrder; emptyCart: boolean }) {
  const { order, payUrl, minutesLeft } = unpaid;
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section aria-labelledby="unpaid-order-heading" className="rounded-2xl bg-white p-6 ring-1 ring-amber-300" data-testid="unpaid-order">
      <h2 id="unpaid-order-heading" className="text-lg font-semibold text-slate-900">
        Order {order.number} is waiting for your payment
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {items} {items === 1 ? 'item' : 'items'}, {formatPrice(order.total)}.
        {minutesLeft !== null &&
          ` Pay within ${minutesLeft} ${minutesLeft === 1 ? 'minute' : 'minutes'}; after that the order is cancelled.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link href={payUrl} prefetch={false} className={buttonClass('primary')}>
          Pay
        </Link>
        {emptyCart && (
          <Link href="/parts" className={buttonClass('outline')}>
            Browse parts
          </Link>
        )}
      </div>
    </section>
  );
}
