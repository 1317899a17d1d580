'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { confirmDialog, promptText } from '@/lib/client/alerts';
import { fetchJson, signOutOnAuthError } from '@/lib/client/fetch-json';
import type { FitmentReviewAction } from '@/lib/core/return-fields';
import type { FitmentReviewDTO } from '@/lib/returns/types';

const DONE: Record<FitmentReviewAction, string> = {
  narrow: 'Row narrowed',
  remove: 'Row removed',
  qualify: 'Qualifier added',
  note: 'Note added',
  dismiss: 'Review dismissed',
};

type Send = (action: FitmentReviewAction, extra?: Record<string, unknown>) => Promise<boolean>;

/** Sends one action for the review, toasts the outcome and renders the list again. */
function useResolve(review: FitmentReviewDTO): { busy: FitmentReviewAction | null; send: Send } {
  const router = useRouter();
  const [busy, setBusy] = useState<FitmentReviewAction | null>(null);
  async function send(action: FitmentReviewAction, extra: Record<string, unknown> = {}) {
    setBusy(action);
    const res = await fetchJson<FitmentReviewDTO>(`/api/admin/fitment-reviews/${review.id}`, {
      method: 'PATCH',
      json: { action, ...extra },
    });
    setBusy(null);
    if (await signOutOnAuthError(res.status)) return false;
    if (res.ok) toast.success(DONE[action]);
    else
      toast.error(
        res.data.fieldErrors ? (Object.values(res.data.fieldErrors)[0]?.[0] ?? res.data.error!) : (res.data.error ?? 'The action failed'),
      );
    router.refresh();
    return res.ok;
  }
  return { busy, send };
}

/** A qualifier, a note (both required) or a dismissal's reason (optional), asked in a dialog. */
async function askText(send: Send, action: 'qualify' | 'note' | 'dismiss', title: string, label: string) {
  const text = await promptText({
    title,
    label,
    confirmText: 'Save',
    multiline: true,
    ...(action === 'dismiss' ? {} : { required: `Write the ${action === 'note' ? 'note' : 'qualifier'}` }),
  });
  if (text === null) return;
  if (action === 'dismiss') await send('dismiss', text.trim() ? { reason: text } : {});
  else await send(action, { text });
}

async function confirmRemove(send: Send, row: NonNullable<FitmentReviewDTO['row']>) {
  const sure = await confirmDialog({
    title: 'Remove this row?',
    text: `The part will no longer be listed for ${row.make} ${row.model} ${row.yearFrom}-${row.yearTo}.`,
    confirmText: 'Yes, remove it!',
    cancelText: 'No',
  });
  if (sure) await send('remove');
}

/** An open review's actions (admins): each changes the row through the fitment store and resolves the review. */
export function FitReviewActions({ review }: { review: FitmentReviewDTO }) {
  const { busy, send } = useResolve(review);
  const [narrowing, setNarrowing] = useState(false);
  const ask = (action: 'qualify' | 'note' | 'dismiss', title: string, label: string) => askText(send, action, title, label);
  const remove = async () => {
    if (review.row) await confirmRemove(send, review.row);
  };

  return (
    <div className="flex flex-wrap gap-2">
      {review.row && (
        <>
          <Button size="sm" variant="dark" loading={busy === 'narrow'} onClick={() => setNarrowing(true)}>
            Narrow
          </Button>
          <Button size="sm" variant="danger" loading={busy === 'remove'} onClick={() => void remove()}>
            Remove row
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={busy === 'qualify'}
            onClick={() => void ask('qualify', 'Add a qualifier', 'Qualifier')}
          >
            Add qualifier
          </Button>
          <Button size="sm" variant="outline" loading={busy === 'note'} onClick={() => void ask('note', 'Add a note', 'Note')}>
            Add note
          </Button>
        </>
      )}
      <Button
        size="sm"
        variant="outline"
        loading={busy === 'dismiss'}
        onClick={() => void ask('dismiss', 'Dismiss this review?', 'Why (optional)')}
      >
        Dismiss
      </Button>
      {narrowing && review.row && (
        <NarrowDialog review={review} onClose={() => setNarrowing(false)} narrow={(input) => send('narrow', input)} />
      )}
    </div>
  );
}

type NarrowDialogProps = { review: FitmentReviewDTO; onClose: () => void; narrow: (input: Record<string, unknown>) => Promise<boolean> };

/** Narrow the row: new years within its own, or an engine or submodel it lacks. */
function NarrowDialog({ review, onClose, narrow }: NarrowDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const row = review.row!;
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: Record<string, unknown> = {};
    for (const field of ['yearFrom', 'yearTo'] as const) {
      const year = Number(form.get(field));
      if (year && year !== row[field]) input[field] = year;
    }
    for (const field of ['engine', 'subModel'] as const) {
      const text = String(form.get(field) ?? '').trim();
      if (text && text !== row[field]) input[field] = text;
    }
    if (await narrow(input)) ref.current?.close();
  }

  const fields = [
    { name: 'yearFrom', label: 'From year', value: String(row.yearFrom), type: 'number' },
    { name: 'yearTo', label: 'To year', value: String(row.yearTo), type: 'number' },
    { name: 'engine', label: 'Engine', value: row.engine ?? '', type: 'text' },
    { name: 'subModel', label: 'Submodel', value: row.subModel ?? '', type: 'text' },
  ];
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      className="m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Narrow {row.make} {row.model} {row.yearFrom}-{row.yearTo}
        </h2>
        {fields.map((field) => (
          <div key={field.name} className="space-y-1">
            <label htmlFor={`${id}-${field.name}`} className="block text-sm font-medium text-slate-700">
              {field.label}
            </label>
            <input id={`${id}-${field.name}`} name={field.name} type={field.type} defaultValue={field.value} className={inputClass} />
          </div>
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => ref.current?.close()}>
            Close
          </Button>
          <Button type="submit" variant="dark">
            Narrow
          </Button>
        </div>
      </form>
    </dialog>
  );
}
