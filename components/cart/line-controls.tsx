'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { CartLine } from '@/components/cart/types';
import { changeCartLine, removeCartLine } from '@/components/cart/use-cart';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/forms/field';
import { toast } from '@/components/ui/toast';
import { useHydrated } from '@/components/ui/use-hydrated';
import { formatPrice } from '@/lib/core/money';

type LineControlsProps = {
  line: Pick<CartLine, 'partId' | 'name' | 'quantity' | 'minimumQuantity' | 'availableQuantity' | 'lineTotal'>;
};

/** A cart line's controls: a change goes through the cart API, then the server renders the page again; busy until it has. */
export function LineControls({ line }: LineControlsProps) {
  const router = useRouter();
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [writing, setWriting] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [shown, setShown] = useState(line.quantity);
  const hydrated = useHydrated();
  // Disabled in the server's HTML: a tap before the script runs would be lost silently.
  const busy = writing || refreshing || !hydrated;
  // The server's quantity wins whenever it changes (another tab, a merge): the field follows it.
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setQuantity(String(line.quantity));
  }

  async function send(call: () => ReturnType<typeof changeCartLine>, failure: string): Promise<boolean> {
    setWriting(true);
    const res = await call();
    setWriting(false);
    if (!res.ok) {
      toast.error(res.data.fieldErrors?.quantity?.[0] ?? res.data.error ?? failure);
      return false;
    }
    startRefresh(() => router.refresh());
    return true;
  }

  async function change(next: number) {
    if (!Number.isInteger(next) || next < 1) {
      setQuantity(String(line.quantity));
      toast.error('Enter a whole number of pieces, or remove the part');
      return;
    }
    if (next === line.quantity) return;
    if (!(await send(() => changeCartLine(line.partId, next), 'The quantity could not be changed'))) setQuantity(String(line.quantity));
  }

  async function remove() {
    if (await send(() => removeCartLine(line.partId), 'The part could not be removed'))
      toast.success(`Removed from your cart: ${line.name}`);
  }

  return (
    <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end">
      <QuantityStepper line={line} quantity={quantity} busy={busy} onType={setQuantity} onChange={(next) => void change(next)} />
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
  );
}

type QuantityStepperProps = LineControlsProps & {
  /** The field's text as typed, not yet sent. */
  quantity: string;
  busy: boolean;
  onType: (text: string) => void;
  onChange: (next: number) => void;
};

/** One less, the quantity typed (sent on Enter or leaving the field), one more. */
function QuantityStepper({ line, quantity, busy, onType, onChange }: QuantityStepperProps) {
  const quantityId = `qty-${line.partId}`;
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="sm"
        aria-label={`One less: ${line.name}`}
        disabled={busy || line.quantity <= line.minimumQuantity}
        onClick={() => onChange(line.quantity - 1)}
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
        onChange={(event) => onType(event.target.value)}
        onBlur={() => onChange(Number(quantity))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(Number(quantity));
        }}
        className={`${inputClass} w-16 text-center`}
      />
      <Button
        variant="outline"
        size="sm"
        aria-label={`One more: ${line.name}`}
        disabled={busy || line.quantity >= line.availableQuantity}
        onClick={() => onChange(line.quantity + 1)}
      >
        +
      </Button>
    </div>
  );
}
