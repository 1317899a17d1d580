'use client';

import { useEffect, useState } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { describedBy, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { loadMakes, loadModels, modelsQuery } from '@/components/vehicles/reference-data';
import type { PartFormValues } from '@/lib/validations/parts';

type FitmentEditorProps = {
  control: Control<PartFormValues>;
  register: UseFormRegister<PartFormValues>;
  errors: FieldErrors<PartFormValues>['fitment'];
};

const COLUMNS = [
  { key: 'make', label: 'Make' },
  { key: 'model', label: 'Model' },
  { key: 'yearFrom', label: 'From year' },
  { key: 'yearTo', label: 'To year' },
  { key: 'engine', label: 'Engine (optional)' },
  { key: 'notes', label: 'Notes (optional)' },
] as const;

/** The vehicles a part fits (ACES-shaped rows); make and model are suggested from the shop's list, the only ones the server accepts. */
export function FitmentEditor({ control, register, errors }: FitmentEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'fitment' });
  const rows = useWatch({ control, name: 'fitment' }) ?? [];
  const { makes, models } = useVehicleSuggestions(rows.map((row) => row?.make ?? ''));

  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">Fitment</legend>
      <p className="text-xs text-slate-600">The vehicles this part fits. Leave it empty for a part that fits any vehicle.</p>
      <datalist id="fitment-makes">
        {makes.map((make) => (
          <option key={make} value={make} />
        ))}
      </datalist>
      {typeof errors?.message === 'string' && (
        <p role="alert" className="text-sm text-red-600">
          {errors.message}
        </p>
      )}
      <ul className="space-y-3" aria-label="Fitment rows">
        {fields.map((field, index) => (
          <FitmentRow
            key={field.id}
            index={index}
            models={models[rows[index]?.make ?? ''] ?? []}
            register={register}
            errors={errors?.[index]}
            onRemove={() => remove(index)}
          />
        ))}
      </ul>
      <Button
        variant="dark"
        size="sm"
        onClick={() => append({ make: '', model: '', yearFrom: Number.NaN, yearTo: Number.NaN, engine: '', notes: '' })}
      >
        Add a vehicle
      </Button>
    </fieldset>
  );
}

/** The shop's makes, and the models of each make typed in a row that is one of them. */
function useVehicleSuggestions(rowMakes: string[]) {
  const [makes, setMakes] = useState<string[]>([]);
  const [models, setModels] = useState<Record<string, string[]>>({});
  useEffect(() => {
    void loadMakes().then((list) => setMakes(list.makes));
  }, []);
  const known = [...new Set(rowMakes.filter((make) => makes.includes(make)))].join('|');
  useEffect(() => {
    for (const make of known ? known.split('|') : [])
      void loadModels(modelsQuery(make)).then((list) => setModels((loaded) => ({ ...loaded, [make]: list.map((m) => m.model) })));
  }, [known]);
  return { makes, models };
}

type FitmentRowProps = {
  index: number;
  /** The models of the row's make, suggested in its model cell. */
  models: string[];
  register: UseFormRegister<PartFormValues>;
  errors: NonNullable<FieldErrors<PartFormValues>['fitment']>[number];
  onRemove: () => void;
};

function FitmentRow({ index, models, register, errors, onRemove }: FitmentRowProps) {
  return (
    <li aria-label={`Vehicle ${index + 1}`} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <datalist id={`fitment-models-${index}`}>
        {models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {COLUMNS.map((column) => {
          const id = `fitment-${index}-${column.key}`;
          const error = errors?.[column.key]?.message;
          const isYear = column.key === 'yearFrom' || column.key === 'yearTo';
          return (
            <div key={column.key} className="space-y-1">
              <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                {column.label}
              </label>
              <input
                id={id}
                className={inputClass}
                {...(isYear ? { type: 'number', inputMode: 'numeric' as const, step: 1 } : {})}
                list={column.key === 'make' ? 'fitment-makes' : column.key === 'model' ? `fitment-models-${index}` : undefined}
                {...describedBy(id, error)}
                {...register(`fitment.${index}.${column.key}`, isYear ? { valueAsNumber: true } : {})}
              />
              {error && (
                <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRemove} aria-label={`Remove vehicle ${index + 1}`}>
        Remove
      </Button>
    </li>
  );
}
