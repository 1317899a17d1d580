'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { sendCartCall } from '@/components/cart/use-cart';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import type { OrderDTO } from '@/lib/orders/types';

type ReorderButtonProps = {
  order: Pick<OrderDTO, '_id' | 'number' | 'lines'>;
  /** A guest's signed order link: the call carries it instead of a session. */
  token?: string;
};

/** Order again: the order's parts back in the cart, then the cart, where any price change or unavailable part is flagged. */
export function ReorderButton({ order, token }: ReorderButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function reorder() {
    setBusy(true);
    const res = await sendCartCall(`/api/orders/${encodeURIComponent(order._id)}/reorder`, {
      method: 'POST',
      ...(token ? { headers: { 'X-Order-Token': token } } : {}),
    });
    if (!res.ok) {
      setBusy(false);
      toast.error(res.data.error ?? 'The parts could not be put in your cart, please try again');
      return;
    }
    const ordered = new Set(order.lines.map((line) => line.partId));
    const changed = res.data.lines.some((line) => ordered.has(line.partId) && line.problems.length > 0);
    toast.success(`The parts of order ${order.number} are in your cart${changed ? ': see what changed since' : ''}`);
    router.push('/cart');
  }

  return (
    // The visible text starts the name (WCAG 2.5.3); the number tells the rows' buttons apart.
    <Button size="sm" variant="outline" loading={busy} aria-label={`Order again: ${order.number}`} onClick={() => void reorder()}>
      Order again
    </Button>
  );
}
