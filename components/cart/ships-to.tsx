'use client';

import { useEffect, useState } from 'react';
import { formatDay } from '@/components/cart/cart-texts';
import { readDestination } from '@/components/cart/destination';
import type { QuoteMethod } from '@/components/cart/types';
import { fetchJson } from '@/lib/client/fetch-json';
import { formatPrice } from '@/lib/core/money';

type Line = { amount: number; by: string; postalCode: string };

/** "Ships from $X to {postcode}, arrives by {date}" on a cached part page, once this browser has quoted a destination. */
export function ShipsTo({ partId }: { partId: string }) {
  const [line, setLine] = useState<Line | null>(null);
  useEffect(() => {
    const destination = readDestination();
    if (!destination) return;
    let active = true;
    // The quote of this one part at its minimum quantity (the cart is left alone).
    void fetchJson<{ methods: QuoteMethod[] }>('/api/checkout/quote', { method: 'POST', json: { ...destination, partId } }).then((res) => {
      if (!active || !res.ok || !Array.isArray(res.data.methods) || !res.data.methods.length) return;
      const cheapest = [...res.data.methods].sort((a, b) => a.amount - b.amount)[0]!;
      const fastest = [...res.data.methods].sort((a, b) => a.estimate.by.localeCompare(b.estimate.by))[0]!;
      setLine({ amount: cheapest.amount, by: fastest.estimate.by, postalCode: destination.postalCode });
    });
    return () => {
      active = false;
    };
  }, [partId]);
  if (!line) return null;
  return (
    <p className="mt-3 text-sm text-slate-700" data-testid="ships-to">
      {line.amount === 0 ? 'Ships free' : `Ships from ${formatPrice(line.amount)}`} to {line.postalCode}, arrives by {formatDay(line.by)}
    </p>
  );
}
