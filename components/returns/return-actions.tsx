'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import { promptText } from '@/lib/client/alerts';
import { fetchJson, signOutOnAuthError } from '@/lib/client/fetch-json';
import { inputClass } from '@/components/forms/field';
import { formatPrice } from '@/lib/core/money';
import type { ReturnDTO } from '@/lib/returns/types';
import { RETURN_STATE_LABELS } from './return-state';

const DONE = { approve: 'Return approved', reject: 'Return rejected', receive: 'Return received', refund: 'Refund paid' } as const;
type Action = keyof typeof DONE;

/** The step buttons a return's state allows (admins): approve or reject, receive, refund. */
export function ReturnActions({ ret }: { ret: ReturnDTO }) {
  const router = useRouter();
  const [busy, setBusy] = useState<Action | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [settling, setSettling] = useState(false);
  const core = ret.reason === 'core-return';

  async function send(action: Action, extra: Record<string, unknown> = {}) {
    setBusy(action);
    const res = await fetchJson<ReturnDTO>(`/api/returns/${ret.id}`, { method: 'PATCH', json: { action, ...extra } });
    setBusy(null);
    if (await signOutOnAuthError(res.status)) return false;
    if (res.ok) toast.success(res.data.state === 'forfeited' ? RETURN_STATE_LABELS.forfeited : DONE[action]);
    else
      toast.error(
        res.data.fieldErrors ? (Object.values(res.data.fieldErrors)[0]?.[0] ?? res.data.error!) : (res.data.error ?? 'The step failed'),
      );
    router.refresh();
    return res.ok;
  }

  async function approve() {
    const instructions = await promptText({
      title: 'Approve this return?',
      label: 'Return instructions for the email (optional)',
      confirmText: 'Approve',
      multiline: true,
    });
    if (instructions !== null) await send('approve', instructions.trim() ? { instructions } : {});
  }
  async function reject() {
    const reason = await promptText({
      title: 'Reject this return?',
      label: 'Why',
      confirmText: 'Reject',
      required: 'Say why',
      multiline: true,
    });
    if (reason !== null) await send('reject', { reason });
  }
  async function refund() {
    const amount = await promptText({
      title: 'Refund this return?',
      label: 'Amount in dollars (at most the amount shown)',
      confirmText: 'Refund',
      value: ret.refundAmount.toFixed(2),
      required: 'Give the amount',
    });
    if (amount === null) return;
    const value = Number(amount);
    await send('refund', value.toFixed(2) === ret.refundAmount.toFixed(2) ? {} : { amount: value });
  }

  return (
    <div className="flex flex-wrap gap-2">
      {ret.state === 'requested' && (
        <>
          <Button size="sm" variant="success" loading={busy === 'approve'} onClick={() => void approve()}>
            Approve
          </Button>
          <Button size="sm" variant="danger" loading={busy === 'reject'} onClick={() => void reject()}>
            Reject
          </Button>
        </>
      )}
      {ret.state === 'approved' && (
        <Button size="sm" variant="dark" loading={busy === 'receive'} onClick={() => setReceiving(true)}>
          Receive
        </Button>
      )}
      {ret.state === 'received' && (
        <Button size="sm" variant="success" loading={busy === 'refund'} onClick={() => (core ? setSettling(true) : void refund())}>
          {core ? 'Settle deposit' : 'Refund'}
        </Button>
      )}
      {settling && <CoreDialog ret={ret} onClose={() => setSettling(false)} settle={(outcome) => send('refund', outcome)} />}
      {receiving && <ReceiveDialog ret={ret} onClose={() => setReceiving(false)} receive={(lines) => send('receive', { lines })} />}
    </div>
  );
}

type ReceiveDialogProps = {
  ret: ReturnDTO;
  onClose: () => void;
  receive: (lines: Array<{ partId: string; outcome: string }>) => Promise<boolean>;
};

/** Receive per line: back to stock, or written off as damaged. */
function ReceiveDialog({ ret, onClose, receive }: ReceiveDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (ret.reason === 'core-return') {
      if (await receive([])) ref.current?.close();
      return;
    }
    const lines = ret.lines.map((line) => ({ partId: line.partId, outcome: String(form.get(line.partId) ?? 'restock') }));
    if (await receive(lines)) ref.current?.close();
  }

  return (
    <FormDialog
      dialogRef={ref}
      title={`Parts received from order ${ret.orderNumber}`}
      submitLabel="Receive"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      {ret.reason === 'core-return' && (
        <p className="text-sm text-slate-700">
          {ret.lines.map((line) => `${line.partName} x ${line.quantity}`).join(', ')}: cores are inspected, never put back in stock.
        </p>
      )}
      {ret.lines
        .filter((line) => !line.core)
        .map((line) => (
          <div key={line.partId} className="space-y-1">
            <label htmlFor={`${id}-${line.partId}`} className="block text-sm font-medium text-slate-700">
              {line.partName} x {line.quantity}
            </label>
            <select id={`${id}-${line.partId}`} name={line.partId} defaultValue="restock" className={inputClass}>
              <option value="restock">Back to stock</option>
              <option value="write-off">Written off (damaged)</option>
            </select>
          </div>
        ))}
    </FormDialog>
  );
}

type CoreDialogProps = { ret: ReturnDTO; onClose: () => void; settle: (outcome: Record<string, unknown>) => Promise<boolean> };

/** A received core's deposit: paid back in full, in part (an amount and a reason) or kept (a reason). */
function CoreDialog({ ret, onClose, settle }: CoreDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [outcome, setOutcome] = useState<'full' | 'partial' | 'forfeit'>('full');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    const body =
      outcome === 'full'
        ? { core: outcome }
        : outcome === 'partial'
          ? { core: outcome, amount: Number(form.get('amount')), reason }
          : { core: outcome, reason };
    if (await settle(body)) ref.current?.close();
  }

  return (
    <FormDialog
      dialogRef={ref}
      title={`Core deposit of order ${ret.orderNumber}`}
      submitLabel={outcome === 'forfeit' ? 'Keep the deposit' : 'Refund'}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-outcome`} className="block text-sm font-medium text-slate-700">
          Outcome
        </label>
        <select
          id={`${id}-outcome`}
          value={outcome}
          onChange={(event) => setOutcome(event.target.value as typeof outcome)}
          className={inputClass}
        >
          <option value="full">Refund in full ({formatPrice(ret.refundAmount)})</option>
          <option value="partial">Refund in part</option>
          <option value="forfeit">Keep the deposit (forfeit)</option>
        </select>
      </div>
      {outcome === 'partial' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-700">
            Amount in dollars (at most {formatPrice(ret.refundAmount)})
          </label>
          <input id={`${id}-amount`} name="amount" type="number" step="0.01" min="0.01" required className={inputClass} />
        </div>
      )}
      {outcome !== 'full' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700">
            Why (the customer reads it)
          </label>
          <input id={`${id}-reason`} name="reason" required minLength={3} maxLength={500} className={inputClass} />
        </div>
      )}
    </FormDialog>
  );
}
