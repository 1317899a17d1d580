import Link from 'next/link';
import { CartPageSync } from '@/components/cart/cart-page-sync';
import { EmptyCart } from '@/components/cart/cart-states';
import { isBlocked, leftInGuestCartText, problemText } from '@/components/cart/cart-texts';
import { CheckoutButton } from '@/components/cart/checkout-button';
import { LineControls } from '@/components/cart/line-controls';
import { ShippingQuote } from '@/components/cart/shipping-quote';
import type { CartLine, CartView, SavedQuote } from '@/components/cart/types';
import { UnpaidOrderNotice } from '@/components/cart/unpaid-order';
import { LineFit } from '@/components/orders/line-fit';
import { FitBadge } from '@/components/parts/fit-badge';
import { ShopImage } from '@/components/ui/shop-image';
import { fitStatus, vehicleLabel } from '@/lib/catalog/fitment';
import type { FitmentRowLike, FitWarning, VehicleChoice } from '@/lib/catalog';
import type { UnpaidOrder } from '@/lib/orders';
import { formatPrice } from '@/lib/core/money';
import { CORE_TEXT } from '@/lib/core/texts';
import { ORDER_MAX } from '@/lib/validations/orders';
import { encodeVehicle } from '@/lib/vehicles/cookie';

export type CartPageProps = {
  cart: CartView;
  /** The buyer's order still to be paid, offered above the cart (or instead of an empty one). */
  unpaid: UnpaidOrder | null;
  /** The browser's active vehicle (its cookie) and the fitment of each line's part, to judge the fit. */
  vehicle: VehicleChoice | null;
  fitments: Record<string, FitmentRowLike[]>;
  /** Each line's part's reported vehicles ("Check the fit notes" instead of "Fits" for them). */
  warnings?: Record<string, FitWarning[]>;
  /** The delivered cost for the destination this browser kept, if any. */
  quote: SavedQuote | null;
};

/** The cart rendered on the server for its one buyer, delivered cost included in the first paint; the controls are client leaves. */
export function CartPage({ cart, unpaid, vehicle, fitments, warnings = {}, quote }: CartPageProps) {
  const sync = <CartPageSync cart={cart} vehicle={vehicle ? encodeVehicle(vehicle) : null} />;
  if (!cart.lines.length) {
    return (
      <>
        {sync}
        {unpaid ? <UnpaidOrderNotice unpaid={unpaid} emptyCart /> : <EmptyCart />}
      </>
    );
  }
  const misfits = vehicle ? cart.lines.filter((line) => fitments[line.partId] && fitStatus(fitments[line.partId]!, vehicle) === 'no') : [];
  const blocked = cart.lines.filter(isBlocked);
  const label = vehicle ? vehicleLabel({ ...vehicle, engine: null }) : null;
  // The quote follows the cart: a change of any line asks for it again.
  const version = cart.lines.map((line) => `${line.partId}:${line.quantity}:${line.unitPrice}`).join('|');
  return (
    <div className="space-y-6">
      {sync}
      {unpaid && <UnpaidOrderNotice unpaid={unpaid} emptyCart={false} />}
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
            <CartLineRow key={line.partId} line={line} fitment={fitments[line.partId]} warnings={warnings[line.partId]} vehicle={vehicle} />
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
            {misfits.length > 0 && label && (
              <div
                role="alert"
                className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
                data-testid="fit-warning"
              >
                <p className="font-semibold">Not for your {label}:</p>
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
            <CheckoutButton blocked={blocked.length > 0} misfits={misfits.map((line) => line.name)} vehicle={label} />
          </section>
          <ShippingQuote version={version} saved={quote} />
        </div>
      </div>
    </div>
  );
}

type CartLineRowProps = { line: CartLine; fitment?: FitmentRowLike[]; warnings?: FitWarning[]; vehicle: VehicleChoice | null };

function CartLineRow({ line, fitment, warnings, vehicle }: CartLineRowProps) {
  return (
    <article
      className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[6rem_minmax(0,1fr)_auto]"
      aria-label={line.name}
      data-testid="cart-line"
    >
      <ShopImage
        src={line.img ?? '/logo.svg'}
        alt=""
        width={96}
        height={72}
        sizes="(min-width: 640px) 96px, 72px"
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
        {fitment && vehicle && <FitBadge fitment={fitment} vehicle={vehicle} warnings={warnings} />}
        <LineFit line={{ partName: line.name, fit: line.fit }} />
        {line.core && (
          <p className="flex justify-between gap-3 text-sm text-slate-700" data-testid="core-line">
            <span>
              {CORE_TEXT.line}: {formatPrice(line.core.unitPrice)} × {line.core.quantity}
            </span>
            <span className="tabular-nums">{formatPrice(line.core.lineTotal)}</span>
          </p>
        )}
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
      <LineControls line={line} />
    </article>
  );
}
