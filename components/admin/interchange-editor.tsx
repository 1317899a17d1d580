'use client';

import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { describedBy, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { MAX_INTERCHANGE, type PartFormValues } from '@/lib/validations/parts';

type InterchangeEditorProps = {
  control: Control<PartFormValues>;
  register: UseFormRegister<PartFormValues>;
  errors: FieldErrors<PartFormValues>['interchange'];
};

export const INTERCHANGE_KEYS = ['kind', 'brand', 'number'] as const;
const LABELS = { kind: 'Kind', brand: 'Brand (optional)', number: 'Number' } as const;

/** The numbers this part replaces (OE or another brand's): a search for any of them finds it. */
export function InterchangeEditor({ control, register, errors }: InterchangeEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'interchange' });
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">Interchange numbers</legend>
      <p className="text-xs text-slate-600">The OE and other brands&apos; numbers this part replaces. A search for any of them finds it.</p>
      {typeof errors?.message === 'string' && (
        <p role="alert" className="text-sm text-red-600">
          {errors.message}
        </p>
      )}
      <ul className="space-y-3" aria-label="Interchange numbers">
        {fields.map((field, index) => (
          <li key={field.id} aria-label={`Interchange number ${index + 1}`} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <div className="grid gap-3 sm:grid-cols-3">
              {INTERCHANGE_KEYS.map((key) => {
                const id = `interchange-${index}-${key}`;
                const error = errors?.[index]?.[key]?.message;
                return (
                  <div key={key} className="space-y-1">
                    <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                      {LABELS[key]}
                    </label>
                    {key === 'kind' ? (
                      <select id={id} className={inputClass} {...describedBy(id, error)} {...register(`interchange.${index}.kind`)}>
                        <option value="oe">OE</option>
                        <option value="aftermarket">Aftermarket</option>
                      </select>
                    ) : (
                      <input
                        id={id}
                        className={inputClass}
                        autoComplete="off"
                        {...describedBy(id, error)}
                        {...register(`interchange.${index}.${key}`)}
                      />
                    )}
                    {error && (
                      <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() => remove(index)}
              aria-label={`Remove interchange number ${index + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {fields.length < MAX_INTERCHANGE && (
        <Button variant="dark" size="sm" onClick={() => append({ kind: 'oe', brand: '', number: '' })}>
          Add a number
        </Button>
      )}
    </fieldset>
  );
}
