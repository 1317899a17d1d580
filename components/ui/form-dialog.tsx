'use client';

import { useEffect, useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '@/components/ui/button';

type FormDialogProps = {
  /** The dialog, for the caller to close it once its request went through. */
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: ReactNode;
  submitLabel: string;
  busy?: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form shows its own messages rather than the browser's. */
  noValidate?: boolean;
  children: ReactNode;
};

/** A form in a native modal <dialog>, open from its first render: the title, the fields, then Close and the submit button. */
export function FormDialog({ dialogRef, title, submitLabel, busy, onClose, onSubmit, noValidate, children }: FormDialogProps) {
  const id = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, [dialogRef]);

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      className="m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <form onSubmit={onSubmit} className="space-y-4 p-5 sm:p-6" noValidate={noValidate}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => dialogRef.current?.close()}>
            Close
          </Button>
          <Button type="submit" variant="dark" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
