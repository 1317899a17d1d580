import { Badge } from '@/components/ui/badge';
import type { ReturnState } from '@/lib/core/return-fields';

const TONES = { requested: 'amber', approved: 'blue', rejected: 'red', received: 'blue', refunded: 'green', forfeited: 'red' } as const;
export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  forfeited: 'Deposit kept',
};

export function ReturnStateBadge({ state }: { state: ReturnState }) {
  return <Badge tone={TONES[state]}>{RETURN_STATE_LABELS[state]}</Badge>;
}
