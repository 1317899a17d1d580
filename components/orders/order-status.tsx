import { Badge } from '@/components/ui/badge';
import type { OrderDTO } from '@/lib/orders';

type StatusOrder = Pick<OrderDTO, 'cancelled' | 'paid' | 'status'>;

/** Where an order stands, in a word: for the lists, the cards and the order page. */
export function orderStage(order: StatusOrder): 'cancelled' | 'delivered' | 'shipped' | 'to ship' | 'unpaid' {
  if (order.cancelled) return 'cancelled';
  if (order.status !== 'pending') return order.status;
  return order.paid ? 'to ship' : 'unpaid';
}

const TONES = { cancelled: 'slate', delivered: 'green', shipped: 'blue', 'to ship': 'amber', unpaid: 'red' } as const;
const LABELS = {
  cancelled: 'Cancelled',
  delivered: 'Delivered',
  shipped: 'Shipped',
  'to ship': 'Paid, to ship',
  unpaid: 'Unpaid',
} as const;

export function OrderStageBadge({ order }: { order: StatusOrder }) {
  const stage = orderStage(order);
  return <Badge tone={TONES[stage]}>{LABELS[stage]}</Badge>;
}
