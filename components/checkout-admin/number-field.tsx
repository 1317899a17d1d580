'use client';

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';

type NumberFieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** "1" for whole numbers (a numeric keypad), else the decimals allowed ("0.01"). */
  step: string;
  max?: number;
  /** The form's registration, made by the caller so that fields register in the form's order. */
  registration: UseFormRegisterReturn;
};

/** A labelled number input from 0 up, its error tied to it. */
export function NumberField({ id, label, error, hint, step, max, registration }: NumberFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type="number"
        step={step}
        min={0}
        max={max}
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        className={inputClass}
        {...describedBy(id, error)}
        {...registration}
      />
    </Field>
  );
}
