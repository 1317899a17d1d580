import { CORE_TEXT } from '@/lib/core/texts';
import type { ReactNode } from 'react';
import { LocalTime } from '@/components/ui/local-time';
import { formatPrice } from '@/lib/core/money';
import type { OrderDTO } from '@/lib/orders';
import { cn } from '@/lib/core/utils';
import type { ReturnDTO } from '@/lib/returns/types';

type Step = {
  key: string;
  title: string;
  at: string | null;
  done: boolean;
  detail?: ReactNode;
  tone?: 'done' | 'waiting' | 'stopped';
  /** A delivery is a day: the admin gives the date, not the hour. */
  format?: 'date';
};

function stepsOf(order: OrderDTO): Step[] {
  const steps: Step[] = [{ key: 'placed', title: 'Placed', at: order.createdAt, done: true }];
  if (order.cancelled) {
    steps.push({
      key: 'cancelled',
      title:
        order.cancelledBy === 'admin'
          ? 'Cancelled by the shop'
          : order.cancelledBy === 'customer'
            ? 'Cancelled by the customer'
            : 'Cancelled',
      at: order.cancelledAt,
      done: true,
      tone: 'stopped',
      detail: 'Nothing was charged; the pieces went back into stock.',
    });
    return steps;
  }
  steps.push({
    key: 'paid',
    title: order.paid ? 'Paid' : 'Waiting for payment',
    at: order.paidAt,
    done: order.paid,
    detail: order.transactionId ? (
      <>
        Transaction id: <span className="font-mono break-all">{order.transactionId}</span>
      </>
    ) : undefined,
  });
  const shipped = order.status !== 'pending';
  steps.push({
    key: 'shipped',
    title: shipped ? 'Shipped' : 'Not shipped yet',
    at: order.shippedAt,
    done: shipped,
    detail: shipped ? (
      <>
        {order.carrier ? <span className="block">Carrier: {order.carrier}</span> : null}
        {order.trackingNumber ? (
          <span className="block">
            Tracking number:{' '}
            {order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-mono break-all text-brand-700 underline"
              >
                {order.trackingNumber}
              </a>
            ) : (
              <span className="font-mono break-all">{order.trackingNumber}</span>
            )}
          </span>
        ) : null}
        {!order.carrier && !order.trackingNumber ? <span className="block">No tracking details were given.</span> : null}
      </>
    ) : undefined,
  });
  if (shipped) steps.push(deliveryStep(order));
  return steps;
}

function deliveryStep(order: OrderDTO): Step {
  const delivered = order.status === 'delivered';
  return { key: 'delivered', title: delivered ? 'Delivered' : 'Not delivered yet', at: order.deliveredAt, done: delivered, format: 'date' };
}

const RETURN_STEPS = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  received: 'Returned parts received',
  refunded: 'Refunded',
  forfeited: 'Core deposit kept',
} as const;

/** Each step of each return, after the order's own. */
function returnSteps(returns: ReturnDTO[]): Step[] {
  return returns.flatMap((ret) =>
    ret.events.map((event) => ({
      key: `return-${ret.id}-${event.step}`,
      title: RETURN_STEPS[event.step],
      at: event.at,
      done: true,
      tone: event.step === 'rejected' || event.step === 'forfeited' ? ('stopped' as const) : undefined,
      detail:
        event.step === 'refunded'
          ? formatPrice(ret.refundAmount)
          : event.step === 'requested'
            ? ret.lines.map((line) => `${line.core ? `${CORE_TEXT.line}: ` : ''}${line.partName} x ${line.quantity}`).join(', ')
            : undefined,
    })),
  );
}

const DOT = { done: 'bg-emerald-500', waiting: 'bg-slate-300', stopped: 'bg-red-500' } as const;

/** The order's life so far: placed, paid, shipped (with carrier and tracking), delivered, or cancelled; then its returns. */
export function OrderTimeline({ order, returns = [] }: { order: OrderDTO; returns?: ReturnDTO[] }) {
  return (
    <ol className="space-y-4" aria-label="Order timeline">
      {[...stepsOf(order), ...returnSteps(returns)].map((step) => (
        <li key={step.key} className="flex gap-3" data-step={step.key}>
          <span
            aria-hidden="true"
            className={cn('mt-1.5 h-3 w-3 shrink-0 rounded-full', DOT[step.tone ?? (step.done ? 'done' : 'waiting')])}
          />
          <div className="min-w-0 text-sm">
            <p className={cn('font-medium', step.done ? 'text-slate-900' : 'text-slate-500')}>{step.title}</p>
            {step.at && (
              <p className="text-slate-500">
                <LocalTime iso={step.at} format={step.format} />
              </p>
            )}
            {step.detail && <div className="mt-1 text-slate-600">{step.detail}</div>}
          </div>
        </li>
      ))}
    </ol>
  );
}
