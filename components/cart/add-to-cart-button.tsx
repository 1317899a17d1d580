'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import type { ButtonPart } from '@/components/cart/button-part';
import { addToCart, useCart } from '@/components/cart/use-cart';
import { readPartFit } from '@/components/parts/part-fit';
import { isBelowMinimum } from '@/components/parts/stock-facts';
import { useViewer } from '@/components/session/use-viewer';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useHydrated } from '@/components/ui/use-hydrated';
import { inputClass } from '@/components/forms/field';
import { TEXT } from '@/lib/core/texts';
import { cn } from '@/lib/core/utils';

type AddToCartButtonProps = {
  part: ButtonPart;
  /** `card`: one button adding the minimum order; `page`: a quantity field beside the button. */
  variant?: 'card' | 'page';
  className?: string;
};

/** Adds the part to this browser's cart (a guest's or the customer's); the server checks minimum and stock again. */
export function AddToCartButton({ part, variant = 'card', className }: AddToCartButtonProps) {
  // Before hydration a click would do nothing and say nothing (a tap on a slow phone, lost): the
  // server's HTML shows the button disabled, and it works from the moment it looks enabled.
  const hydrated = useHydrated();
  const viewer = useViewer();
  const cart = useCart();
  const quantityId = useId();
  const [quantity, setQuantity] = useState(String(part.minimumQuantity));
  const [busy, setBusy] = useState(false);
  const isAdmin = viewer.status === 'signed-in' && viewer.viewer.isAdmin;
  const unavailable = part.availableQuantity <= 0 || isBelowMinimum(part.availableQuantity, part.minimumQuantity);
  const inCart = cart.status === 'ready' ? (cart.cart.lines.find((line) => line.partId === part._id)?.quantity ?? 0) : 0;

  async function add() {
    const wanted = variant === 'page' ? Number(quantity) : part.minimumQuantity;
    if (!Number.isInteger(wanted) || wanted < 1) {
      toast.error('Enter a whole number of pieces');
      return;
    }
    setBusy(true);
    const res = await addToCart(part._id, wanted, readPartFit(part._id));
    setBusy(false);
    if (res.ok) toast.success(`Added to your cart: ${part.name}`);
    else toast.error(res.data.fieldErrors?.quantity?.[0] ?? res.data.error ?? 'The part could not be added, please try again');
  }

  const label = isAdmin ? TEXT.adminCantPurchase : unavailable ? TEXT.outOfStock : 'Add to cart';
  const button = (
    <Button
      variant={variant === 'page' ? 'dark' : 'outline'}
      size={variant === 'page' ? 'lg' : 'sm'}
      loading={busy}
      disabled={!hydrated || isAdmin || unavailable}
      onClick={() => void add()}
      // The visible words start the name (WCAG 2.5.3); the part's name tells the cards' buttons apart.
      aria-label={variant === 'card' && !isAdmin && !unavailable ? `Add to cart: ${part.name}` : undefined}
      className={variant === 'card' ? 'w-full' : undefined}
    >
      {label}
    </Button>
  );
  if (variant === 'card') return <div className={className}>{button}</div>;
  return (
    <div className={cn('rounded-2xl bg-white p-6 ring-1 ring-slate-200', className)} data-testid="add-to-cart">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-28">
          <label htmlFor={quantityId} className="block text-sm font-medium text-slate-700">
            Quantity
          </label>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={part.minimumQuantity}
            max={Math.max(part.availableQuantity, part.minimumQuantity)}
            step={1}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            className={inputClass}
            disabled={!hydrated || isAdmin || unavailable}
          />
        </div>
        {button}
      </div>
      {inCart > 0 && (
        <p className="mt-3 text-sm text-slate-600" data-testid="in-cart">
          {inCart} in your cart.{' '}
          <Link href="/cart" className="font-semibold text-brand-700 underline">
            View cart
          </Link>
        </p>
      )}
    </div>
  );
}
