'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { isBlocked, leftInGuestCartText, problemText } from '@/components/cart/cart-texts';
import { CartNotLoaded, EmptyCart } from '@/components/cart/cart-states';
import { ShippingQuote } from '@/components/cart/shipping-quote';
import type { CartLine, CartView } from '@/components/cart/types';
import { changeCartLine, removeCartLine, useCart } from '@/components/cart/use-cart';
import { useFitments } from '@/components/cart/use-fitments';
import { FitBadge } from '@/components/parts/fit-badge';
import { Button, Spinner } from '@/components/ui/button';
import { inputClass } from '@/components/forms/field';
import { toast } from '@/components/ui/toast';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { confirmDialog } from '@/lib/client/alerts';
import { fitStatus, vehicleLabel } from '@/lib/catalog/fitment';
import { formatPrice } from '@/lib/platform/money';
import { ORDER_MAX } from '@/lib/validations/orders';

/** The cart: its lines with their problems, the fit for the active vehicle, the delivered cost and the way to checkout. */
export function CartPage() {
  const state = useCart({ fresh: true });
  if (state.status === 'loading') {
    return (
      <p className="flex items-center gap-2 text-slate-600" aria-busy="true">
        <Spinner className="h-5 w-5" /> Loading your cart…
      </p>
    );
  }
  if (state.status === 'failed') return <CartNotLoaded />;
  if (!state.cart.lines.length) return <EmptyCart />;
  return <FilledCart cart={state.cart} />;
}

function FilledCart({ cart }: { cart: CartView }) {
  const router = useRouter();
  const vehicle = useActiveVehicle();
  const fitments = useFitments(
    cart.lines.map((line) => line.partId),
    Boolean(vehicle),
  );
  const misfits = vehicle ? cart.lines.filter((line) => fitments[line.partId] && fitStatus(fitments[line.partId]!, vehicle) === 'no') : [];
  const blocked = cart.lines.filter(isBlocked);
  // The quote follows the cart: a change of any line asks for it again.
  const version = cart.lines.map((line) => `${line.partId}:${line.quantity}:${line.unitPrice}`).join('|');

  async function checkout() {
    if (misfits.length && vehicle) {
      const names = misfits.map((line) => line.name).join(', ');
      const go = await confirmDialog({
        title: `Not for your ${vehicleLabel({ ...vehicle, engine: null })}`,
        text: `${names} ${misfits.length === 1 ? 'does' : 'do'} not fit your vehicle. Check out anyway?`,
        confirmText: 'Check out anyway',
        cancelText: 'Go back',
      });
      if (!go) return;
    }
    router.push('/checkout');
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-label="Cart lines" className="space-y-3">
        {cart.leftInGuestCart ? (
          <p
            role="status"
            className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="left-in-guest-cart"
          >
            {leftInGuestCartText(cart.leftInGuestCart, ORDER_MAX.lines)}
          </p>
        ) : null}
        {cart.lines.map((line) => (
          <CartLineRow key={line.partId} line={line} fitment={fitments[line.partId]} />
        ))}
      </section>
      <div className="space-y-4">
        <section aria-labelledby="summary-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
            Summary
          </h2>
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">Items</dt>
              <dd className="tabular-nums">{cart.count}</dd>
            </div>
            <div className="flex justify-between text-base">
              <dt className="font-semibold text-slate-900">Subtotal</dt>
              <dd className="font-bold text-slate-900 tabular-nums" data-testid="cart-subtotal">
                {formatPrice(cart.subtotal)}
              </dd>
            </div>
          </dl>
          {misfits.length > 0 && vehicle && (
            <div role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200" data-testid="fit-warning">
              <p className="font-semibold">Not for your {vehicleLabel({ ...vehicle, engine: null })}:</p>
              <ul className="mt-1 list-disc pl-5">
                {misfits.map((line) => (
                  <li key={line.partId}>{line.name}</li>
                ))}
              </ul>
            </div>
          )}
          {blocked.length > 0 && (
            <p role="alert" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              Fix the marked {blocked.length === 1 ? 'line' : 'lines'} to check out.
            </p>
          )}
          <Button size="lg" className="mt-4 w-full" disabled={blocked.length > 0} onClick={() => void checkout()}>
            Check out
          </Button>
        </section>
        <ShippingQuote version={version} />
      </div>
    </div>
  );
}

function CartLineRow({ line, fitment }: { line: CartLine; fitment?: Parameters<typeof FitBadge>[0]['fitment'] }) {
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(line.quantity);
  // The server's quantity wins whenever it changes (another tab, a merge): the field follows it.
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setQuantity(String(line.quantity));
  }

  async function change(next: number) {
    if (!Number.isInteger(next) || next < 1) {
      setQuantity(String(line.quantity));
      toast.error('Enter a whole number of pieces, or remove the part');
      return;
    }
    if (next === line.quantity) return;
    setBusy(true);
    const res = await changeCartLine(line.partId, next);
    setBusy(false);
    if (!res.ok) {
      setQuantity(String(line.quantity));
      toast.error(res.data.fieldErrors?.quantity?.[0] ?? res.data.error ?? 'The quantity could not be changed');
    }
  }

  async function remove() {
    setBusy(true);
    const res = await removeCartLine(line.partId);
    setBusy(false);
    if (res.ok) toast.success(`Removed from your cart: ${line.name}`);
    else toast.error(res.data.error ?? 'The part could not be removed');
  }

  const quantityId = `qty-${line.partId}`;
  return (
    <article
      className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[6rem_minmax(0,1fr)_auto]"
      aria-label={line.name}
      data-testid="cart-line"
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- a small thumbnail of a client-rendered list */}
      <img
        src={line.img ?? '/logo.svg'}
        alt=""
        width={96}
        height={72}
        className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
      />
      <div className="min-w-0 space-y-1">
        <Link href={`/parts/${line.partId}`} className="font-semibold break-words text-slate-900 hover:underline">
          {line.name}
        </Link>
        {(line.brand || line.partNumber) && (
          <p className="text-xs text-slate-500">{[line.brand, line.partNumber].filter(Boolean).join(' · ')}</p>
        )}
        <p className="text-sm text-slate-700">
          {formatPrice(line.unitPrice)} <span className="text-slate-500">per {line.unit}</span>
        </p>
        {fitment && <FitBadge fitment={fitment} />}
        {line.problems.map((problem) => (
          <p
            key={problem}
            data-testid="line-problem"
            data-problem={problem}
            className={
              problem === 'price-lowered'
                ? 'text-sm text-emerald-700'
                : problem === 'price-raised'
                  ? 'text-sm font-medium text-amber-800'
                  : 'text-sm font-medium text-red-700'
            }
          >
            {problemText(problem, line)}
          </p>
        ))}
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            aria-label={`One less: ${line.name}`}
            disabled={busy || line.quantity <= line.minimumQuantity}
            onClick={() => void change(line.quantity - 1)}
          >
            −
          </Button>
          <label htmlFor={quantityId} className="sr-only">
            Quantity of {line.name}
          </label>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={line.minimumQuantity}
            step={1}
            value={quantity}
            disabled={busy}
            onChange={(event) => setQuantity(event.target.value)}
            onBlur={() => void change(Number(quantity))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void change(Number(quantity));
            }}
            className={`${inputClass} w-16 text-center`}
          />
          <Button
            variant="outline"
            size="sm"
            aria-label={`One more: ${line.name}`}
            disabled={busy || line.quantity >= line.availableQuantity}
            onClick={() => void change(line.quantity + 1)}
          >
            +
          </Button>
        </div>
        <p className="font-semibold text-slate-900 tabular-nums" data-testid="line-total">
          {formatPrice(line.lineTotal)}
        </p>
        <button
          type="button"
          className="text-sm font-medium text-red-700 hover:underline disabled:opacity-50"
          disabled={busy}
          onClick={() => void remove()}
          aria-label={`Remove ${line.name}`}
        >
          Remove
        </button>
      </div>
    </article>
  );
}
