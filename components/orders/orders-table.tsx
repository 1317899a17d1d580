import Link from 'next/link';
import type { ReactNode } from 'react';
import { CancelOrderButton, DeliverButton, PayLink, ShipButton } from '@/components/orders/order-actions';
import { OrderStageBadge } from '@/components/orders/order-status';
import { PaidBadge } from '@/components/orders/paid-badge';
import { ReorderButton } from '@/components/orders/reorder-button';
import { OrderFits } from '@/components/orders/line-fit';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LocalTime } from '@/components/ui/local-time';
import { formatPrice } from '@/lib/core/money';
import type { OrderDTO } from '@/lib/orders';

type Mode = 'customer' | 'admin';
type OrdersTableProps = { mode: Mode; orders: OrderDTO[]; empty?: string };

const COLUMNS: Column[] = [
  { label: 'Order' },
  { label: 'Customer' },
  { label: 'Product' },
  { label: 'Price', align: 'right' },
  { label: 'Quantity', align: 'right' },
  { label: 'Total', align: 'right' },
  { label: 'Payment' },
  { label: 'Status' },
];

const orderHref = (order: OrderDTO) => `/dashboard/orders/${order._id}`;

function NumberLink({ order }: { order: OrderDTO }) {
  return (
    <Link href={orderHref(order)} className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline">
      {order.number}
    </Link>
  );
}

/** The spec's payment cell: Cancelled, Paid with the transaction id, or Pay (customers) / unpaid (admins) and Cancel. */
function Payment({ mode, order }: { mode: Mode; order: OrderDTO }) {
  if (order.cancelled) return <Badge tone="slate">Cancelled</Badge>;
  if (order.paid) return <PaidBadge transactionId={order.transactionId} />;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {mode === 'customer' ? <PayLink order={order} /> : <Badge tone="red">unpaid</Badge>}
      <CancelOrderButton order={order} />
    </div>
  );
}

/** A customer orders a paid or cancelled order again (an open one is paid, or cancelled, first). */
const canReorder = (mode: Mode, order: OrderDTO) => mode === 'customer' && (order.paid || order.cancelled);

function Status({ mode, order }: { mode: Mode; order: OrderDTO }) {
  if (order.cancelled) return <Badge tone="slate">cancelled</Badge>;
  if (mode === 'admin') return <AdminSteps order={order} />;
  return <Badge tone={STATUS_TONES[order.status]}>{order.status}</Badge>;
}

const STATUS_TONES = { pending: 'amber', shipped: 'blue', delivered: 'green' } as const;

/** The spec's status button, and once shipped the way to mark the order delivered. */
function AdminSteps({ order }: { order: OrderDTO }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ShipButton order={order} />
      {order.status === 'shipped' && <DeliverButton order={order} />}
    </div>
  );
}

function CardRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** My Orders and Manage Orders: a table from `sm` up, cards below it so every action is in view on a phone. Server-rendered. */
export function OrdersTable({ mode, orders, empty }: OrdersTableProps) {
  if (!orders.length) return <NoOrders mode={mode} empty={empty} />;
  return (
    <>
      <div className="hidden sm:block">
        <DataTable columns={COLUMNS}>
          {orders.map((order) => (
            <OrderRow key={order._id} mode={mode} order={order} />
          ))}
        </DataTable>
      </div>

      <ul className="space-y-3 sm:hidden" aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderCard mode={mode} order={order} />
          </li>
        ))}
      </ul>
    </>
  );
}

function NoOrders({ mode, empty }: Omit<OrdersTableProps, 'orders'>) {
  return (
    <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
      <p className="text-slate-600">{empty ?? (mode === 'admin' ? 'No orders yet.' : 'You have no orders yet.')}</p>
      {mode === 'customer' && !empty && (
        <Link href="/#parts" className={buttonClass('primary', 'mt-4')}>
          Browse parts
        </Link>
      )}
    </div>
  );
}

/** An order as a row of the table (from `sm` up). */
function OrderRow({ mode, order }: { mode: Mode; order: OrderDTO }) {
  return (
    <tr data-order-id={order._id} className="align-top">
      <td className="px-4 py-3 whitespace-nowrap">
        <NumberLink order={order} />
        <div className="text-xs text-slate-500">
          <LocalTime iso={order.createdAt} format="date" />
        </div>
      </td>
      <td className="px-4 py-3">
        <div className="font-medium text-slate-900">{order.name}</div>
        {mode === 'admin' && <div className="text-xs break-all text-slate-500">{order.email}</div>}
      </td>
      <td className="px-4 py-3 text-slate-900">
        <Product order={order} />
        <OrderFits order={order} />
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{severalParts(order) ? NONE : formatPrice(order.price)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{severalParts(order) ? NONE : order.quantity}</td>
      <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatPrice(order.total)}</td>
      <td className="space-y-2 px-4 py-3">
        <Payment mode={mode} order={order} />
        {canReorder(mode, order) && <ReorderButton order={order} />}
      </td>
      <td className="px-4 py-3">
        <Status mode={mode} order={order} />
      </td>
    </tr>
  );
}

/** An order as a card (below `sm`), with every action in view. */
function OrderCard({ mode, order }: { mode: Mode; order: OrderDTO }) {
  return (
    <article
      data-order-id={order._id}
      aria-label={`Order ${order.number}`}
      className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <NumberLink order={order} />
          <div className="text-xs text-slate-500">
            <LocalTime iso={order.createdAt} />
          </div>
        </div>
        <OrderStageBadge order={order} />
      </div>
      <p className="font-medium break-words text-slate-900">
        {severalParts(order) ? <Product order={order} /> : `${order.partName} × ${order.quantity}`}
        <OrderFits order={order} />
      </p>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <CardRow label="Customer">
          {order.name}
          {mode === 'admin' && <span className="block text-xs break-all text-slate-500">{order.email}</span>}
        </CardRow>
        {!severalParts(order) && <CardRow label="Price">{formatPrice(order.price)}</CardRow>}
        <CardRow label="Total">
          <span className="font-semibold">{formatPrice(order.total)}</span>
        </CardRow>
        <CardRow label="Status">{order.cancelled ? 'cancelled' : order.status}</CardRow>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {/* A cancelled order's badge above already says so. */}
        {!order.cancelled && <Payment mode={mode} order={order} />}
        {mode === 'admin' && !order.cancelled && <AdminSteps order={order} />}
        {canReorder(mode, order) && <ReorderButton order={order} />}
        <Link href={orderHref(order)} className={buttonClass('outline', undefined, 'sm')}>
          Details
        </Link>
      </div>
    </article>
  );
}

/** A checkout order may hold several parts: no one line's price or quantity is the order's, its total is. */
const severalParts = (order: Pick<OrderDTO, 'lines'>) => order.lines.length > 1;
const NONE = '—';

/** The part's name, or the count of parts (one per line) with their names. */
function Product({ order }: { order: Pick<OrderDTO, 'partName' | 'lines'> }) {
  if (!severalParts(order)) return order.partName;
  return (
    <>
      {order.lines.length} parts
      <span className="line-clamp-2 text-xs font-normal text-slate-500">{order.lines.map((line) => line.partName).join(', ')}</span>
    </>
  );
}
