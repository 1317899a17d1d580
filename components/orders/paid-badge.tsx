import { Badge } from '@/components/ui/badge';

/** A paid order: the Paid badge and its transaction id. */
export function PaidBadge({ transactionId }: { transactionId: string | null }) {
  return (
    <div className="space-y-1">
      <Badge tone="green">Paid</Badge>
      <p className="text-xs text-slate-500">
        Transaction id: <span className="font-mono break-all text-slate-700">{transactionId}</span>
      </p>
    </div>
  );
}
