import { CORE_TEXT } from '@/lib/core/texts';
import { ReturnStateBadge } from '@/components/returns/return-state';
import { LocalTime } from '@/components/ui/local-time';
import { formatPrice } from '@/lib/core/money';
import type { ReturnDTO } from '@/lib/returns/types';
import { RETURN_REASON_LABELS } from '@/lib/validations/returns';

/** An order's returns with their state, for its customer, its guest link and admins. */
export function ReturnsList({ returns }: { returns: ReturnDTO[] }) {
  if (!returns.length) return null;
  return (
    <section aria-labelledby="order-returns-heading" className="space-y-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h3 id="order-returns-heading" className="font-semibold text-slate-900">
        Returns
      </h3>
      <ul className="divide-y divide-slate-100">
        {returns.map((ret) => (
          <li key={ret.id} className="space-y-1 py-3 text-sm" data-return={ret.id}>
            <div className="flex flex-wrap items-center gap-2">
              <ReturnStateBadge state={ret.state} />
              <span className="font-medium text-slate-900">{RETURN_REASON_LABELS[ret.reason]}</span>
              <span className="text-slate-500">
                asked <LocalTime iso={ret.createdAt} />
              </span>
            </div>
            <ul className="text-slate-700">
              {ret.lines.map((line) => (
                <li key={line.partId}>
                  {line.core ? `${CORE_TEXT.line}: ` : ''}
                  {line.partName} x {line.quantity}
                  {line.state === 'written-off' ? ' (written off)' : ''}
                </li>
              ))}
            </ul>
            <p className="text-slate-600">
              {ret.state === 'refunded' ? 'Refunded' : 'Refund'}: <span className="tabular-nums">{formatPrice(ret.refundAmount)}</span>
            </p>
            {ret.state === 'approved' && ret.instructions && <p className="text-slate-600">How to send it: {ret.instructions}</p>}
            {ret.rejection && <p className="text-slate-600">Not accepted: {ret.rejection}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
