'use client';

import { useState } from 'react';
import { describedBy, inputClass } from '@/components/forms/field';

type ListInputProps = {
  id: string;
  value: string[];
  onChange: (items: string[]) => void;
  onBlur: () => void;
  error?: string;
  /** Items may hold spaces (brand names): only commas separate them. */
  commasOnly?: boolean;
};

/** Items separated by commas or spaces ("GB, IE"); the text follows the list when the form replaces it. */
export function ListInput({ id, value, onChange, onBlur, error, commasOnly = false }: ListInputProps) {
  const split = (text: string) =>
    text
      .split(commasOnly ? /,/ : /[\s,]+/)
      .map((item) => item.trim())
      .filter(Boolean);
  const [text, setText] = useState(() => value.join(', '));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (split(text).join(',') !== value.join(',')) setText(value.join(', '));
  }
  return (
    <input
      id={id}
      className={inputClass}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(split(event.target.value));
      }}
      onBlur={onBlur}
      {...describedBy(id, error)}
    />
  );
}

/** A number input's value for the form: blank is null. */
export const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** The first message of an array field's errors (the list itself or one of its items). */
export function firstError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  if (Array.isArray(error)) for (const item of error) if (firstError(item)) return firstError(item);
  return undefined;
}
