import { Badge } from '@/components/ui/badge';
import type { DiscountCodeDTO, DiscountStatus } from '@/lib/checkout';
import { formatPrice } from '@/lib/core/money';

const STATUS: Record<DiscountStatus, { label: string; tone: 'green' | 'amber' | 'slate' | 'red' | 'blue' }> = {
  active: { label: 'Active', tone: 'green' },
  paused: { label: 'Paused', tone: 'amber' },
  scheduled: { label: 'Scheduled', tone: 'blue' },
  expired: { label: 'Expired', tone: 'slate' },
  'used-up': { label: 'Used up', tone: 'red' },
};

export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/** "15% off", "$10.00 off", "Free shipping", with the conditions that apply. */
export function discountText(code: DiscountCodeDTO): string {
  const what =
    code.kind === 'percent' ? `${code.percent}% off` : code.kind === 'fixed' ? `${formatPrice(code.amount ?? 0)} off` : 'Free shipping';
  const rules = [
    code.minSubtotal > 0 && `from ${formatPrice(code.minSubtotal)}`,
    code.categories.length > 0 && `on ${code.categories.join(', ')}`,
    code.brands.length > 0 && `on ${code.brands.join(', ')}`,
    code.oncePerCustomer && 'once per customer',
  ].filter(Boolean);
  return [what, ...rules].join(' · ');
}
