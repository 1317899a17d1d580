'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { addLinesToCart } from '@/components/cart/use-cart';
import { useViewer } from '@/components/session/use-viewer';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { fetchJson } from '@/lib/client/fetch-json';
import { vehicleLabel, type VehicleChoice } from '@/lib/catalog/fitment';
import { formatPrice } from '@/lib/core/money';
import { TEXT } from '@/lib/core/texts';
import type { KitsAnswer, ProposedKit, ProposedLine } from '@/lib/kits/types';

type Loaded = { status: 'loading' } | { status: 'ready'; answer: KitsAnswer } | { status: 'failed' };

/** The jobs proposed for the vehicle, asked for once the page is in the browser (the page around it stays cached). */
function useKits(vehicle: VehicleChoice): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const { year, make, model, engine } = vehicle;
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ year: String(year), make, model, ...(engine ? { engine } : {}) });
    void fetchJson<KitsAnswer>(`/api/kits?${query}`, { cache: 'no-store' }).then((res) => {
      if (live) setLoaded(res.ok ? { status: 'ready', answer: res.data } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [year, make, model, engine]);
  return loaded;
}

const MISSING = { 'no-fitting-part': 'No part in the shop fits', 'out-of-stock': 'Out of stock for now' } as const;

function KitLineRow({ line }: { line: ProposedLine }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {line.label} <span className="text-slate-500">× {line.quantity}</span>
        </p>
        {line.part ? (
          <Link href={`/parts/${line.part._id}`} className="block truncate text-brand-700 hover:underline">
            {[line.part.brand, line.part.name].filter(Boolean).join(' ')}
          </Link>
        ) : (
          <p className="text-slate-500">{line.missing ? MISSING[line.missing] : ''}</p>
        )}
        {line.part?.fit === 'check' && <p className="text-xs text-amber-700">Check the fitment notes</p>}
      </div>
      <span className="shrink-0 tabular-nums text-slate-900">{line.part ? formatPrice(line.lineTotal) : '—'}</span>
    </li>
  );
}

function KitCard({ kit, vehicle, isAdmin }: { kit: ProposedKit; vehicle: VehicleChoice; isAdmin: boolean }) {
  const [busy, setBusy] = useState(false);
  const lines = kit.lines.flatMap((line) => (line.part ? [{ partId: line.part._id, quantity: line.quantity }] : []));
  async function addAll() {
    setBusy(true);
    const res = await addLinesToCart(lines, vehicle);
    setBusy(false);
    if (res.ok) toast.success(`Added to your cart: ${kit.name}`);
    else toast.error(res.data.error ?? 'The job could not be added, please try again');
  }
  return (
    // A group, not an article: the catalog's articles are its part cards.
    <div
      role="group"
      aria-labelledby={`kit-${kit._id}`}
      className="flex w-72 shrink-0 snap-start flex-col rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:w-auto sm:p-5"
    >
      <h3 id={`kit-${kit._id}`} className="text-base font-semibold text-slate-900">
        {kit.name}
      </h3>
      <ul className="mt-2 flex-1 divide-y divide-slate-100">
        {kit.lines.map((line, index) => (
          <KitLineRow key={`${line.label}-${index}`} line={line} />
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-3 text-sm">
        <p className="flex justify-between font-semibold text-slate-900">
          <span>Total</span>
          <span className="tabular-nums" data-testid="kit-total">
            {formatPrice(kit.total)}
          </span>
        </p>
        <p className="text-xs text-slate-500">
          {kit.shipping === null
            ? `Parts ${formatPrice(kit.goods)}, ${kit.note ?? ''}`
            : `Parts ${formatPrice(kit.goods)}, delivery ${formatPrice(kit.shipping)}, tax ${formatPrice(kit.tax ?? 0)}`}
        </p>
      </div>
      <Button
        className="mt-3 w-full"
        loading={busy}
        disabled={isAdmin || lines.length === 0}
        onClick={() => void addAll()}
        aria-label={isAdmin ? undefined : `Add all to cart: ${kit.name}`}
      >
        {isAdmin ? TEXT.adminCantPurchase : 'Add all to cart'}
      </Button>
    </div>
  );
}

/** "Jobs for your 2015 Toyota Corolla": each job with its proposed parts, its total and one button for all of it. */
export function JobKits({ vehicle }: { vehicle: VehicleChoice }) {
  const loaded = useKits(vehicle);
  const viewer = useViewer();
  const isAdmin = viewer.status === 'signed-in' && viewer.viewer.isAdmin;
  if (loaded.status !== 'ready' || loaded.answer.kits.length === 0) return null;
  return (
    <section aria-labelledby="job-kits-heading" className="space-y-3">
      <h2 id="job-kits-heading" className="text-lg font-semibold text-slate-900">
        Jobs for your {vehicleLabel(vehicle)}
      </h2>
      {/* On phones one row that scrolls sideways, so the parts below stay near the top. */}
      <div className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 xl:grid-cols-3">
        {loaded.answer.kits.map((kit) => (
          <KitCard key={kit._id} kit={kit} vehicle={vehicle} isAdmin={isAdmin} />
        ))}
      </div>
    </section>
  );
}
