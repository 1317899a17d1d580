import Link from 'next/link';

type OrderCellProps = { order: { orderId: string; orderNumber: string; email: string } };

/** The admin's returns tables' first cell: the order's number, linked to its page, and who bought it. */
export function OrderCell({ order }: OrderCellProps) {
  return (
    <td className="px-4 py-3">
      <Link href={`/dashboard/orders/${order.orderId}`} className="font-mono text-brand-700 underline">
        {order.orderNumber}
      </Link>
      <p className="text-xs break-all text-slate-500">{order.email}</p>
    </td>
  );
}
