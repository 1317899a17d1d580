'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { Controller, useFieldArray, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError, alertWarnings } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import type { SavedZoneDTO, ShippingZoneDTO } from '@/lib/checkout';
import { shippingZoneSchema, type ShippingZoneFormValues, type ShippingZoneInput } from '@/lib/validations/checkout-admin';
import { firstError, ListInput, numberOrNull } from '@/components/forms/list-input';

type Values = ShippingZoneFormValues;
const NEW_METHOD: Values['methods'] extends Array<infer M> | undefined ? M : never = {
  label: '',
  bands: [{ upToKg: null, price: 0 }],
  freeOver: null,
  minDays: 1,
  maxDays: 3,
  active: true,
};

function valuesOf(zone?: ShippingZoneDTO): Values {
  if (!zone) return { name: '', countries: [], postcodePrefixes: [], position: 0, methods: [{ ...NEW_METHOD, label: 'Standard' }] };
  return {
    name: zone.name,
    countries: zone.countries,
    postcodePrefixes: zone.postcodePrefixes,
    position: zone.position,
    methods: zone.methods.map((method) => ({ ...method, id: method.id })),
  };
}

/** Add or edit a shipping zone: its countries, postcode prefixes, and methods with weight bands. */
export function ZoneForm({ zone }: { zone?: ShippingZoneDTO }) {
  const router = useRouter();
  const { register, control, handleSubmit, formState, setError } = useForm<Values, unknown, ShippingZoneInput>({
    resolver: zodResolver(shippingZoneSchema),
    defaultValues: valuesOf(zone),
  });
  const { errors, isSubmitting } = formState;
  const methods = useFieldArray({ control, name: 'methods' });

  async function onSubmit(values: ShippingZoneInput) {
    const res = await submitJson<SavedZoneDTO, Values>(
      zone ? `/api/admin/shipping-zones/${zone._id}` : '/api/admin/shipping-zones',
      { method: zone ? 'PUT' : 'POST', json: values },
      { setError, fields: ['name', 'countries', 'postcodePrefixes', 'position'] },
    );
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The zone could not be saved');
      return;
    }
    const saved = zone ? 'Shipping zone saved' : 'Shipping zone added';
    // Saved either way: a gap may be meant (a method switched off for a while), but is never silent.
    if (res.data.warnings.length) await alertWarnings(`${saved}: some addresses cannot check out`, res.data.warnings);
    else toast.success(saved);
    if (zone) router.refresh();
    else router.push(`/dashboard/shipping/${res.data._id}`);
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Shipping zone" className="space-y-4">
      <div className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6">
        <Field id="name" label="Zone name" error={errors.name?.message}>
          <input id="name" className={inputClass} {...describedBy('name', errors.name?.message)} {...register('name')} />
        </Field>
        <Field id="position" label="Position (lower is tried first)" error={errors.position?.message}>
          <input
            id="position"
            type="number"
            min={0}
            step="1"
            inputMode="numeric"
            className={inputClass}
            {...describedBy('position', errors.position?.message)}
            {...register('position', { valueAsNumber: true })}
          />
        </Field>
        <Controller
          control={control}
          name="countries"
          render={({ field }) => {
            const error = firstError(errors.countries);
            return (
              <Field
                id="countries"
                label="Countries"
                error={error}
                hint="Two-letter codes separated by commas (GB, IE), or * for the rest of the world"
              >
                <ListInput id="countries" value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={error} />
              </Field>
            );
          }}
        />
        <Controller
          control={control}
          name="postcodePrefixes"
          render={({ field }) => {
            const error = firstError(errors.postcodePrefixes);
            return (
              <Field
                id="postcodePrefixes"
                label="Postcode prefixes (optional)"
                error={error}
                hint="Only postcodes starting with these (LS1, BD)"
              >
                <ListInput id="postcodePrefixes" value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={error} />
              </Field>
            );
          }}
        />
      </div>
      <h3 className="text-lg font-semibold text-slate-900">Methods</h3>
      {errors.methods?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.methods.message}
        </p>
      )}
      {methods.fields.map((method, index) => (
        <MethodFields
          key={method.id}
          index={index}
          control={control}
          register={register}
          errors={errors}
          onRemove={() => methods.remove(index)}
        />
      ))}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={() => methods.append({ ...NEW_METHOD })}>
          Add method
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {zone ? 'Save zone' : 'Add zone'}
        </Button>
      </div>
    </form>
  );
}

type MethodFieldsProps = {
  index: number;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  onRemove: () => void;
};

function MethodFields({ index, control, register, errors, onRemove }: MethodFieldsProps) {
  const bands = useFieldArray({ control, name: `methods.${index}.bands` });
  const error = errors.methods?.[index];
  const id = (name: string) => `methods-${index}-${name}`;
  return (
    <fieldset className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6" aria-label={`Method ${index + 1}`}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={id('label')} label="Method name" error={error?.label?.message}>
          <input
            id={id('label')}
            className={inputClass}
            {...describedBy(id('label'), error?.label?.message)}
            {...register(`methods.${index}.label`)}
          />
        </Field>
        <Field id={id('freeOver')} label="Free from ($, optional)" error={error?.freeOver?.message}>
          <input
            id={id('freeOver')}
            type="number"
            step="0.01"
            min={0}
            inputMode="decimal"
            className={inputClass}
            {...describedBy(id('freeOver'), error?.freeOver?.message)}
            {...register(`methods.${index}.freeOver`, { setValueAs: numberOrNull })}
          />
        </Field>
        <Field id={id('minDays')} label="Fastest (working days)" error={error?.minDays?.message}>
          <input
            id={id('minDays')}
            type="number"
            step="1"
            min={0}
            inputMode="numeric"
            className={inputClass}
            {...describedBy(id('minDays'), error?.minDays?.message)}
            {...register(`methods.${index}.minDays`, { valueAsNumber: true })}
          />
        </Field>
        <Field id={id('maxDays')} label="Slowest (working days)" error={error?.maxDays?.message}>
          <input
            id={id('maxDays')}
            type="number"
            step="1"
            min={0}
            inputMode="numeric"
            className={inputClass}
            {...describedBy(id('maxDays'), error?.maxDays?.message)}
            {...register(`methods.${index}.maxDays`, { valueAsNumber: true })}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="h-4 w-4" {...register(`methods.${index}.active`)} />
        Offered to customers
      </label>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700">
          Weight bands (price for orders up to the weight; blank weight: any weight above)
        </p>
        {error?.bands?.message && (
          <p role="alert" className="text-sm text-red-600">
            {error.bands.message}
          </p>
        )}
        <ol className="space-y-2">
          {bands.fields.map((band, bandIndex) => {
            const bandError = error?.bands?.[bandIndex];
            const bandId = (name: string) => `${id('bands')}-${bandIndex}-${name}`;
            return (
              <li key={band.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
                <Field id={bandId('upToKg')} label={`Band ${bandIndex + 1}: up to (kg)`} error={bandError?.upToKg?.message}>
                  <input
                    id={bandId('upToKg')}
                    type="number"
                    step="0.001"
                    min={0}
                    inputMode="decimal"
                    className={inputClass}
                    {...describedBy(bandId('upToKg'), bandError?.upToKg?.message)}
                    {...register(`methods.${index}.bands.${bandIndex}.upToKg`, { setValueAs: numberOrNull })}
                  />
                </Field>
                <Field id={bandId('price')} label="Price ($)" error={bandError?.price?.message}>
                  <input
                    id={bandId('price')}
                    type="number"
                    step="0.01"
                    min={0}
                    inputMode="decimal"
                    className={inputClass}
                    {...describedBy(bandId('price'), bandError?.price?.message)}
                    {...register(`methods.${index}.bands.${bandIndex}.price`, { valueAsNumber: true })}
                  />
                </Field>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="mb-1"
                  onClick={() => bands.remove(bandIndex)}
                  aria-label={`Remove band ${bandIndex + 1} of method ${index + 1}`}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
        <Button type="button" variant="outline" size="sm" onClick={() => bands.append({ upToKg: null, price: 0 })}>
          Add band
        </Button>
      </div>
      <Button type="button" variant="danger" size="sm" onClick={onRemove} aria-label={`Remove method ${index + 1}`}>
        Remove method
      </Button>
    </fieldset>
  );
}
