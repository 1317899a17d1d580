import type { Metadata } from 'next';
import Link from 'next/link';
import { GuestOrder } from '@/components/orders/guest-order';
import { FitAsks } from '@/components/fit-confirmations/fit-asks';
import { buttonClass } from '@/components/ui/button';
import { linesToConfirm, unfitReturnPart } from '@/lib/fit-confirmations';
import { getOrderDetails } from '@/lib/orders';
import { orderLinkActor } from '@/lib/orders';
import { getPaymentClientConfig } from '@/lib/payments';
import { canRequestReturn, listReturnsOfOrder } from '@/lib/returns';
import { NotFoundError } from '@/lib/core/errors';

export const metadata: Metadata = { title: 'Your order', robots: { index: false } };

// Read per request from its link's token, before anything is sent: no shared shell to prerender.
export const instant = false;

type GuestOrderPageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A guest's order, opened from the signed link of its emails (`/orders/{id}?t=...`): nothing without a valid token. */
export default async function GuestOrderPage({ params, searchParams }: GuestOrderPageProps) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const t = query.t;
  const token = typeof t === 'string' ? t : null;
  const actor = await orderLinkActor(token);
  const order =
    actor && token
      ? await getOrderDetails(actor, id).catch((error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        })
      : null;
  if (!order || !token) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">This link does not open an order</h1>
        <p className="mt-3 text-slate-600">It may be incomplete or too old. We can email you a new link to your order.</p>
        <Link href="/orders/lookup" className={buttonClass('primary', 'mt-6')}>
          Find my order
        </Link>
      </div>
    );
  }
  const [payments, returns, fitLines] = await Promise.all([
    getPaymentClientConfig(),
    listReturnsOfOrder(actor!, id),
    linesToConfirm(order),
  ]);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <GuestOrder
        order={order}
        token={token}
        payments={payments}
        returns={returns}
        canReturn={canRequestReturn(order)}
        unfit={unfitReturnPart(query)}
      />
      <FitAsks orderId={order._id} lines={fitLines} orderToken={token} />
    </div>
  );
}
