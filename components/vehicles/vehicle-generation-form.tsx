'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useFieldArray, useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { vehicleGenerationSchema, type VehicleGenerationInput } from '@/lib/validations/vehicles';
import type { VehicleGenerationDTO } from '@/lib/vehicles/types';

type Values = VehicleGenerationInput;
const EMPTY: Values = { make: '', model: '', yearFrom: new Date().getFullYear(), yearTo: new Date().getFullYear(), engines: [] };
const FIELDS = ['make', 'model', 'yearFrom', 'yearTo'] as const;

/** The form and its saving: an added generation empties the form, an edited one goes back to the list. */
function useGenerationForm(generation?: VehicleGenerationDTO) {
  const router = useRouter();
  const form = useForm<Values>({
    resolver: zodResolver(vehicleGenerationSchema),
    defaultValues: generation
      ? {
          make: generation.make,
          model: generation.model,
          yearFrom: generation.yearFrom,
          yearTo: generation.yearTo,
          engines: generation.engines,
        }
      : EMPTY,
  });
  const engineCount = useWatch({ control: form.control, name: 'engines' })?.length ?? 0;
  const engineFields = Array.from(
    { length: engineCount },
    (_, i) => [`engines.${i}.name`, `engines.${i}.yearFrom`, `engines.${i}.yearTo`] as const,
  ).flat();

  async function onSubmit(values: Values) {
    const res = await submitJson<VehicleGenerationDTO, Values>(
      '/api/admin/vehicles',
      { method: generation ? 'PATCH' : 'POST', json: generation ? { id: generation.id, ...values } : values },
      { setError: form.setError, fields: [...FIELDS, ...engineFields] },
    );
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The vehicle could not be saved');
      return;
    }
    toast.success(generation ? 'Vehicle saved' : 'Vehicle added');
    if (generation) router.push('/dashboard/vehicles');
    else form.reset(EMPTY);
    router.refresh();
  }

  return { form, submit: form.handleSubmit(onSubmit) };
}

function YearInput({
  id,
  label,
  error,
  register,
}: {
  id: string;
  label: string;
  error?: string;
  register: ReturnType<UseFormRegister<Values>>;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} type="number" step="1" inputMode="numeric" className={inputClass} {...describedBy(id, error)} {...register} />
    </Field>
  );
}

type EnginesProps = {
  control: ReturnType<typeof useForm<Values>>['control'];
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
};

/** The engines, each with the years it was offered. */
function EngineRows({ control, register, errors }: EnginesProps) {
  const engines = useFieldArray({ control, name: 'engines' });
  return (
    <fieldset className="space-y-3 sm:col-span-2 lg:col-span-4">
      <legend className="text-sm font-medium text-slate-700">Engines</legend>
      <ul className="space-y-3">
        {engines.fields.map((engine, index) => {
          const error = errors.engines?.[index];
          return (
            <li key={engine.id} aria-label={`Engine ${index + 1}`} className="grid items-end gap-3 sm:grid-cols-4">
              <Field id={`engine-${index}-name`} label="Engine" error={error?.name?.message}>
                <input
                  id={`engine-${index}-name`}
                  className={inputClass}
                  placeholder="1.8L L4"
                  {...describedBy(`engine-${index}-name`, error?.name?.message)}
                  {...register(`engines.${index}.name`)}
                />
              </Field>
              <YearInput
                id={`engine-${index}-from`}
                label="From year"
                error={error?.yearFrom?.message}
                register={register(`engines.${index}.yearFrom`, { valueAsNumber: true })}
              />
              <YearInput
                id={`engine-${index}-to`}
                label="To year"
                error={error?.yearTo?.message}
                register={register(`engines.${index}.yearTo`, { valueAsNumber: true })}
              />
              <Button type="button" variant="outline" aria-label={`Remove engine ${index + 1}`} onClick={() => engines.remove(index)}>
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
      <Button type="button" variant="outline" onClick={() => engines.append({ name: '', yearFrom: NaN, yearTo: NaN })}>
        Add an engine
      </Button>
    </fieldset>
  );
}

/** Add a make's model over a range of years with its engines, or edit the generation given. */
export function VehicleGenerationForm({ generation }: { generation?: VehicleGenerationDTO }) {
  const { form, submit } = useGenerationForm(generation);
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={generation ? 'Edit vehicle' : 'Add vehicle'}
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 lg:grid-cols-4"
    >
      <Field id="make" label="Make" error={errors.make?.message}>
        <input id="make" className={inputClass} autoComplete="off" {...describedBy('make', errors.make?.message)} {...register('make')} />
      </Field>
      <Field id="model" label="Model" error={errors.model?.message}>
        <input
          id="model"
          className={inputClass}
          autoComplete="off"
          {...describedBy('model', errors.model?.message)}
          {...register('model')}
        />
      </Field>
      <YearInput
        id="yearFrom"
        label="From year"
        error={errors.yearFrom?.message}
        register={register('yearFrom', { valueAsNumber: true })}
      />
      <YearInput id="yearTo" label="To year" error={errors.yearTo?.message} register={register('yearTo', { valueAsNumber: true })} />
      <EngineRows control={control} register={register} errors={errors} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4 lg:justify-end">
        {generation && (
          <Link href="/dashboard/vehicles" className="text-sm font-semibold text-brand-700 hover:underline">
            Cancel
          </Link>
        )}
        <Button type="submit" loading={isSubmitting}>
          {generation ? 'Save vehicle' : 'Add vehicle'}
        </Button>
      </div>
    </form>
  );
}
