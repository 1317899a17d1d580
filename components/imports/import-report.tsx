'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast';
import { alertError, confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { type ImportCounts, type ImportDTO, type ImportState, RUNNING_STATES } from '@/lib/imports/types';

/** How often the page asks for the progress while an import runs. */
const REFRESH_MS = 2_000;

export const STATE_LABELS: Record<ImportState, string> = {
  queued: 'Queued',
  validating: 'Validating',
  validated: 'Validated: ready to apply',
  applying: 'Applying',
  applied: 'Applied',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const STATE_TONES: Record<ImportState, 'green' | 'red' | 'amber' | 'slate' | 'blue'> = {
  queued: 'slate',
  validating: 'blue',
  validated: 'amber',
  applying: 'blue',
  applied: 'green',
  failed: 'red',
  cancelled: 'slate',
};

const COUNT_LABELS: Array<[keyof ImportCounts, string]> = [
  ['read', 'Records read'],
  ['add', 'To add'],
  ['change', 'To change'],
  ['remove', 'To remove'],
  ['unchanged', 'Unchanged'],
  ['rejected', 'Rejected'],
];

const number = (value: number) => value.toLocaleString('en-US');

function timeLeft(seconds: number): string {
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min left` : `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** The running phase's bar: done of total (indeterminate until the total is known), records per second and the time left. */
function ProgressBar({ report }: { report: ImportDTO }) {
  const { done, total, perSecond, secondsLeft } = report.progress;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  const label = report.state === 'applying' ? 'Applying' : 'Validating';
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={`${label} ${report.fileName}`}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total ? done : undefined}
        aria-valuetext={total ? `${number(done)} of ${number(total)} records` : `${number(done)} records`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${percent ?? 5}%` }} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {number(done)}
        {total ? ` of ${number(total)}` : ''} records
        {perSecond !== null ? ` · ${number(perSecond)} records/s` : ''}
        {secondsLeft !== null ? ` · ${timeLeft(secondsLeft)}` : ''}
      </p>
    </div>
  );
}

function Counts({ title, counts }: { title: string; counts: ImportCounts }) {
  return (
    <section aria-label={title}>
      <h4 className="text-sm font-semibold text-slate-700">{title}</h4>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={String(key)} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{number(counts[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Follows an import while it runs: the answer of GET /api/admin/imports/{id} every REFRESH_MS. */
function useLiveReport(initial: ImportDTO): [ImportDTO, (report: ImportDTO) => void] {
  const router = useRouter();
  const [report, setReport] = useState(initial);
  const running = RUNNING_STATES.includes(report.state);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(async () => {
      const res = await fetchJson<ImportDTO>(`/api/admin/imports/${report.id}`, { cache: 'no-store' });
      if (!res.ok) return;
      setReport(res.data);
      // Ended: the list's state changes too.
      if (!RUNNING_STATES.includes(res.data.state)) router.refresh();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, report.id, router]);
  return [report, setReport];
}

type Action = 'apply' | 'cancel';

/** Apply once validated, Cancel until it ends, and the rejected records' CSV. */
function ReportActions({ report, busy, act }: { report: ImportDTO; busy: Action | null; act: (action: Action) => void }) {
  const running = RUNNING_STATES.includes(report.state);
  return (
    <div className="flex flex-wrap gap-2">
      {report.state === 'validated' && (
        <Button onClick={() => act('apply')} loading={busy === 'apply'}>
          Apply
        </Button>
      )}
      {(running || report.state === 'validated') && (
        <Button variant="outline" onClick={() => act('cancel')} loading={busy === 'cancel'}>
          Cancel import
        </Button>
      )}
      {report.counts.rejected > 0 && (
        <a href={`/api/admin/imports/${report.id}/rejected.csv`} className={buttonClass('outline')} download>
          Download all rejected records (CSV)
        </a>
      )}
    </div>
  );
}

/** The selected import: its state and progress, the validation's report, the rejected records, Apply and Cancel. */
export function ImportReport({ initial }: { initial: ImportDTO }) {
  const router = useRouter();
  const [report, setReport] = useLiveReport(initial);
  const [busy, setBusy] = useState<Action | null>(null);
  const running = RUNNING_STATES.includes(report.state);

  async function act(action: Action) {
    if (action === 'cancel') {
      const confirmed = await confirmDialog({
        title: 'Cancel this import?',
        text: 'What is already applied stays; the rest of the file is not imported.',
        confirmText: 'Cancel import',
        cancelText: 'Keep it',
      });
      if (!confirmed) return;
    }
    setBusy(action);
    const res = await fetchJson<ImportDTO>(
      action === 'apply' ? `/api/admin/imports/${report.id}/apply` : `/api/admin/imports/${report.id}`,
      {
        method: action === 'apply' ? 'POST' : 'DELETE',
      },
    );
    setBusy(null);
    if (!res.ok) return alertError(res.data.error ?? 'The import could not be changed');
    setReport(res.data);
    toast.success(action === 'apply' ? 'Applying the import' : 'Import cancelled');
    router.refresh();
  }

  return (
    <section aria-labelledby="import-report" className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="import-report" className="break-all text-lg font-semibold text-slate-900">
          {report.fileName}
        </h3>
        <Badge tone={STATE_TONES[report.state]}>{STATE_LABELS[report.state]}</Badge>
      </div>
      {running && <ProgressBar report={report} />}
      {report.failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {report.failure.reason}
        </p>
      )}
      <Counts title="Validation" counts={report.counts} />
      {report.applied && <Counts title="Applied" counts={report.applied} />}
      <ReportActions report={report} busy={busy} act={act} />
      {report.rejected.length > 0 && <Rejected report={report} />}
    </section>
  );
}

function Rejected({ report }: { report: ImportDTO }) {
  return (
    <section aria-labelledby="import-rejected" className="space-y-2">
      <h4 id="import-rejected" className="text-sm font-semibold text-slate-700">
        Rejected records
        {report.counts.rejected > report.rejected.length
          ? ` (the first ${number(report.rejected.length)} of ${number(report.counts.rejected)})`
          : ''}
      </h4>
      <DataTable columns={[{ label: 'Record' }, { label: 'Reason' }]}>
        {report.rejected.map((rejection, index) => (
          <tr key={index}>
            <td className="px-3 py-2 whitespace-nowrap sm:px-4">{rejection.record}</td>
            <td className="px-3 py-2 sm:px-4">{rejection.reason}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
