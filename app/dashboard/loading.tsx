import { Spinner } from '@/components/ui/button';

export default function DashboardLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-600">
      <Spinner className="h-8 w-8 text-brand-500" />
      <span>Loading…</span>
    </div>
  );
}
