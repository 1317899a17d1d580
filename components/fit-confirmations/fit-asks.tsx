import { FitAnswer } from '@/components/fit-confirmations/fit-answer';
import type { LineToConfirm } from '@/lib/fit-confirmations/types';

/** The order page's "Did it fit?": Yes and No for each delivered line with a vehicle not answered yet. */
export function FitAsks({ orderId, lines, orderToken }: { orderId: string; lines: LineToConfirm[]; orderToken?: string }) {
  if (!lines.length) return null;
  return (
    <section aria-labelledby="fit-asks-heading" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h3 id="fit-asks-heading" className="font-semibold text-slate-900">
        Did it fit?
      </h3>
      <ul className="space-y-4">
        {lines.map((line) => (
          <li key={line.partId} className="space-y-1">
            <p className="break-words text-sm text-slate-600">{line.partName}</p>
            <FitAnswer orderId={orderId} partId={line.partId} vehicle={line.vehicle} orderToken={orderToken} />
          </li>
        ))}
      </ul>
    </section>
  );
}
