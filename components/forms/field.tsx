import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/core/utils';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100 disabled:text-slate-500';

type FieldProps = { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string };

/** A labelled form control with its error tied to it through aria-describedby. */
export function Field({ id, label, error, hint, children, className }: FieldProps) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that connect an input to its Field's error. */
export function describedBy(id: string, error?: string): Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
