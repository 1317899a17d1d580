import { OrderCell } from '@/components/returns/order-cell';
import { DataTable } from '@/components/ui/data-table';
import { formatPrice } from '@/lib/core/money';
import type { HeldDepositsDTO } from '@/lib/returns/types';

const COLUMNS = [{ label: 'Order' }, { label: 'Cores' }, { label: 'Held', align: 'right' as const }];

/** The returns queue's panel of core deposits the shop still holds, and their total. */
export function HeldDeposits({ held }: { held: HeldDepositsDTO }) {
  return (
    <section aria-labelledby="held-deposits-heading" className="space-y-3">
      <h3 id="held-deposits-heading" className="text-lg font-semibold text-slate-900">
        Core deposits held
      </h3>
      <p className="text-sm text-slate-700" data-testid="held-deposits-total">
        {held.cores === 1 ? '1 core' : `${held.cores} cores`} not back yet: {formatPrice(held.total)}
      </p>
      {held.orders.length > 0 && (
        <DataTable columns={COLUMNS}>
          {held.orders.map((order) => (
            <tr key={order.orderId} className="align-top">
              <OrderCell order={order} />
              <td className="px-4 py-3">
                {order.lines.map((line) => (
                  <p key={line.partId}>
                    {line.partName} x {line.quantity} at {formatPrice(line.unitPrice)}
                  </p>
                ))}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatPrice(order.amount)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
