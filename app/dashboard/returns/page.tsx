import { AdminDenied } from '@/components/dashboard/admin-denied';
import { ListCount, listHref } from '@/components/dashboard/list-pager';
import { HeldDeposits } from '@/components/returns/held-deposits';
import { OrderCell } from '@/components/returns/order-cell';
import { ReturnActions } from '@/components/returns/return-actions';
import { RETURN_STATE_LABELS, ReturnStateBadge } from '@/components/returns/return-state';
import { DataTable } from '@/components/ui/data-table';
import { LocalTime } from '@/components/ui/local-time';
import { Pager, pageParam } from '@/components/ui/pager';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/forms/field';
import { getAdminViewer } from '@/lib/auth';
import { formatPrice } from '@/lib/core/money';
import { CORE_TEXT } from '@/lib/core/texts';
import { RETURN_REASONS, RETURN_STATES, type ReturnReason, type ReturnState } from '@/lib/core/return-fields';
import { listHeldDeposits, listReturns } from '@/lib/returns';
import { RETURN_REASON_LABELS } from '@/lib/validations/returns';

export const metadata = { title: 'Returns' };

const BASE = '/dashboard/returns';
const PAGE_SIZE = 20;
const COLUMNS = [
  { label: 'Order' },
  { label: 'Asked' },
  { label: 'Reason' },
  { label: 'Parts' },
  { label: 'Refund', align: 'right' as const },
  { label: 'State' },
  { label: 'Steps' },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The returns queue (admins): newest first, by state and reason, with each return's next step. */
export default async function ReturnsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer(BASE);
  if (!admin) return <AdminDenied />;
  const params = await searchParams;
  const state = RETURN_STATES.find((candidate) => candidate === first(params.state));
  const reason = RETURN_REASONS.find((candidate) => candidate === first(params.reason));
  const [result, held] = await Promise.all([
    listReturns(admin, { state, reason, page: pageParam(first(params.page)), limit: PAGE_SIZE }),
    listHeldDeposits(admin),
  ]);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Returns</h2>
      <Filters state={state} reason={reason} />
      <ListCount total={result.total} one="return" many="returns" basePath={BASE} filtered={Boolean(state || reason)} />
      {result.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">No returns here.</p>
      ) : (
        <DataTable columns={COLUMNS}>
          {result.items.map((ret) => (
            <tr key={ret.id} data-return={ret.id} className="align-top">
              <OrderCell order={ret} />
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <LocalTime iso={ret.createdAt} />
              </td>
              <td className="px-4 py-3">
                <p>{RETURN_REASON_LABELS[ret.reason]}</p>
                {(ret.vehicle || ret.vin) && <p className="text-xs text-slate-500">{[ret.vehicle, ret.vin].filter(Boolean).join(', ')}</p>}
                {ret.mismatch && <p className="text-xs text-slate-500">Did not match: {ret.mismatch}</p>}
                {ret.note && <p className="text-xs text-slate-500">Note: {ret.note}</p>}
              </td>
              <td className="px-4 py-3">
                {ret.lines.map((line) => (
                  <p key={line.partId}>
                    {line.core ? CORE_TEXT.lineOf(line.partName) : line.partName} x {line.quantity}
                    {line.state === 'written-off' ? ' (written off)' : ''}
                  </p>
                ))}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatPrice(ret.refundAmount)}</td>
              <td className="px-4 py-3">
                <ReturnStateBadge state={ret.state} />
              </td>
              <td className="px-4 py-3">
                <ReturnActions ret={ret} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={result.page} total={result.total} limit={result.limit} href={(n) => listHref(BASE, { state, reason }, n)} />
      <HeldDeposits held={held} />
    </div>
  );
}

/** The state and reason filters: a plain GET form, so the URL holds the view. */
function Filters({ state, reason }: { state?: ReturnState; reason?: ReturnReason }) {
  return (
    <form action={BASE} className="flex flex-wrap items-end gap-3" aria-label="Return filters">
      <label className="space-y-1 text-sm font-medium text-slate-700">
        <span className="block">State</span>
        <select name="state" defaultValue={state ?? ''} className={inputClass}>
          <option value="">Any state</option>
          {RETURN_STATES.map((value) => (
            <option key={value} value={value}>
              {RETURN_STATE_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-medium text-slate-700">
        <span className="block">Reason</span>
        <select name="reason" defaultValue={reason ?? ''} className={inputClass}>
          <option value="">Any reason</option>
          {RETURN_REASONS.map((value) => (
            <option key={value} value={value}>
              {RETURN_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass('outline')}>
        Filter
      </button>
    </form>
  );
}
