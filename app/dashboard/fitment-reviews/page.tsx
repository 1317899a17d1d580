import Link from 'next/link';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { listHref } from '@/components/dashboard/list-pager';
import { FitReviewActions } from '@/components/returns/fit-review-actions';
import { DataTable } from '@/components/ui/data-table';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth';
import { FITMENT_REVIEW_STATES, type FitmentReviewState } from '@/lib/core/return-fields';
import { listFitmentReviews, returnOrders, wrongFitRates, type FitmentReviewDTO, type WrongFitRateDTO } from '@/lib/returns';

export const metadata = { title: 'Fitment reviews' };

const BASE = '/dashboard/fitment-reviews';
const PAGE_SIZE = 20;
const COLUMNS = [
  { label: 'Part' },
  { label: 'Vehicle' },
  { label: 'Row' },
  { label: 'Returns', align: 'right' as const },
  { label: 'Confirmations', align: 'right' as const },
  { label: 'Action' },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The fitment loop (admins): "does not fit" returns per part and vehicle, most reported first, and the wrong-fit rates. */
export default async function FitmentReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer(BASE);
  if (!admin) return <AdminDenied />;
  const params = await searchParams;
  const state: FitmentReviewState = FITMENT_REVIEW_STATES.find((candidate) => candidate === first(params.state)) ?? 'open';
  const [result, rates] = await Promise.all([
    listFitmentReviews(admin, { state, page: pageParam(first(params.page)), limit: PAGE_SIZE }),
    wrongFitRates(admin),
  ]);
  const orders = await returnOrders(
    admin,
    result.items.flatMap((review) => review.returnIds),
  );
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Fitment reviews</h2>
      <p className="text-sm text-slate-600">
        {state === 'open' ? (
          <>
            Open reviews, most reported first ·{' '}
            <Link href={`${BASE}?state=resolved`} className="text-brand-700 underline">
              Show resolved
            </Link>
          </>
        ) : (
          <>
            Resolved reviews ·{' '}
            <Link href={BASE} className="text-brand-700 underline">
              Show open
            </Link>
          </>
        )}
      </p>
      {result.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">No fitment reviews here.</p>
      ) : (
        <DataTable columns={COLUMNS}>
          {result.items.map((review) => (
            <ReviewRow key={review.id} review={review} orders={orders} />
          ))}
        </DataTable>
      )}
      <Pager page={result.page} total={result.total} limit={result.limit} href={(n) => listHref(BASE, { state }, n)} />
      <h2 className="pt-6 text-xl font-semibold text-slate-900">Wrong-fit rate</h2>
      <p className="text-sm text-slate-600">
        Units returned as &ldquo;does not fit&rdquo; over units delivered, counted when this page opens.
      </p>
      <RateTable title="Per part" rows={rates.parts} />
      <RateTable title="Per brand" rows={rates.brands} />
      <RateTable title="Per vehicle" rows={rates.vehicles} />
    </div>
  );
}

type Orders = Awaited<ReturnType<typeof returnOrders>>;

function ReviewRow({ review, orders }: { review: FitmentReviewDTO; orders: Orders }) {
  const row = review.row;
  return (
    <tr data-review={review.id} className="align-top">
      <td className="px-4 py-3">
        <Link href={`/parts/${review.partId}`} className="text-brand-700 underline">
          {review.partName}
        </Link>
        {review.brand && <p className="text-xs text-slate-500">{review.brand}</p>}
      </td>
      <td className="px-4 py-3">{review.vehicle}</td>
      <td className="px-4 py-3">
        {row ? (
          <p>
            {[`${row.make} ${row.model} ${row.yearFrom}-${row.yearTo}`, row.engine, row.subModel, row.position].filter(Boolean).join(', ')}
          </p>
        ) : (
          <p className="text-slate-500">No row: matched through notes</p>
        )}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">
        <p>{review.returns}</p>
        {review.returnIds.map((id) => {
          const order = orders.get(id);
          return order ? (
            <Link key={id} href={`/dashboard/orders/${order.orderId}`} className="block font-mono text-xs text-brand-700 underline">
              {order.orderNumber}
            </Link>
          ) : null;
        })}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{review.confirmations}</td>
      <td className="px-4 py-3">
        {review.resolution ? <p className="text-sm text-slate-700">{review.resolution.detail}</p> : <FitReviewActions review={review} />}
      </td>
    </tr>
  );
}

const percent = (rate: number | null) => (rate === null ? 'none delivered' : `${(rate * 100).toFixed(1)}%`);

function RateTable({ title, rows }: { title: string; rows: WrongFitRateDTO[] }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-800">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No &ldquo;does not fit&rdquo; returns yet.</p>
      ) : (
        <DataTable
          columns={[
            { label: title.replace('Per ', '') },
            { label: 'Returned', align: 'right' },
            { label: 'Delivered', align: 'right' },
            { label: 'Rate', align: 'right' },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.key}>
              <td className="px-4 py-3">{row.label}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.returned}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.delivered}</td>
              <td className="px-4 py-3 text-right tabular-nums">{percent(row.rate)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
