'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { Controller, useFieldArray, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { NumberField } from '@/components/checkout-admin/number-field';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button, RemoveButton } from '@/components/ui/button';
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

/** The form's values and their saving: a new zone is added and opened, an edited one saved where it is. */
function useZoneForm(zone?: ShippingZoneDTO) {
  const router = useRouter();
  const form = useForm<Values, unknown, ShippingZoneInput>({
    resolver: zodResolver(shippingZoneSchema),
    defaultValues: valuesOf(zone),
  });
  const methods = useFieldArray({ control: form.control, name: 'methods' });

  async function onSubmit(values: ShippingZoneInput) {
    const res = await submitJson<SavedZoneDTO, Values>(
      zone ? `/api/admin/shipping-zones/${zone._id}` : '/api/admin/shipping-zones',
      { method: zone ? 'PUT' : 'POST', json: values },
      { setError: form.setError, fields: ['name', 'countries', 'postcodePrefixes', 'position'] },
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

  return { form, methods, submit: form.handleSubmit(onSubmit) };
}

/** Add or edit a shipping zone: its countries, postcode prefixes, and methods with weight bands. */
export function ZoneForm({ zone }: { zone?: ShippingZoneDTO }) {
  const { form, methods, submit } = useZoneForm(zone);
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate aria-label="Shipping zone" className="space-y-4">
      <ZoneFields control={control} register={register} errors={errors} />
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

type FieldsProps = { control: Control<Values>; register: UseFormRegister<Values>; errors: FieldErrors<Values> };

/** The zone's own fields: its name, its place in the order zones are tried, and where it ships. */
function ZoneFields({ control, register, errors }: FieldsProps) {
  return (
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
      <ZoneListField
        control={control}
        errors={errors}
        name="countries"
        label="Countries"
        hint="Two-letter codes separated by commas (GB, IE), or * for the rest of the world"
      />
      <ZoneListField
        control={control}
        errors={errors}
        name="postcodePrefixes"
        label="Postcode prefixes (optional)"
        hint="Only postcodes starting with these (LS1, BD)"
      />
    </div>
  );
}

type ZoneListFieldProps = Omit<FieldsProps, 'register'> & { name: 'countries' | 'postcodePrefixes'; label: string; hint: string };

function ZoneListField({ control, errors, name, label, hint }: ZoneListFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const error = firstError(errors[name]);
        return (
          <Field id={name} label={label} error={error} hint={hint}>
            <ListInput id={name} value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={error} />
          </Field>
        );
      }}
    />
  );
}

type MethodFieldsProps = FieldsProps & { index: number; onRemove: () => void };

/** One method: its name, free-shipping threshold, working days, whether it is offered, and its weight bands. */
function MethodFields({ index, control, register, errors, onRemove }: MethodFieldsProps) {
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
        <NumberField
          id={id('freeOver')}
          label="Free from ($, optional)"
          error={error?.freeOver?.message}
          step="0.01"
          registration={register(`methods.${index}.freeOver`, { setValueAs: numberOrNull })}
        />
        <NumberField
          id={id('minDays')}
          label="Fastest (working days)"
          error={error?.minDays?.message}
          step="1"
          registration={register(`methods.${index}.minDays`, { valueAsNumber: true })}
        />
        <NumberField
          id={id('maxDays')}
          label="Slowest (working days)"
          error={error?.maxDays?.message}
          step="1"
          registration={register(`methods.${index}.maxDays`, { valueAsNumber: true })}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="h-4 w-4" {...register(`methods.${index}.active`)} />
        Offered to customers
      </label>
      <MethodBands index={index} control={control} register={register} errors={errors} />
      <Button type="button" variant="danger" size="sm" onClick={onRemove} aria-label={`Remove method ${index + 1}`}>
        Remove method
      </Button>
    </fieldset>
  );
}

/** A method's weight bands: each the price for orders up to its weight, added and removed one by one. */
function MethodBands({ index, control, register, errors }: FieldsProps & { index: number }) {
  const bands = useFieldArray({ control, name: `methods.${index}.bands` });
  const error = errors.methods?.[index];
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700">Weight bands (price for orders up to the weight; blank weight: any weight above)</p>
      {error?.bands?.message && (
        <p role="alert" className="text-sm text-red-600">
          {error.bands.message}
        </p>
      )}
      <ol className="space-y-2">
        {bands.fields.map((band, bandIndex) => {
          const bandError = error?.bands?.[bandIndex];
          const bandId = (name: string) => `methods-${index}-bands-${bandIndex}-${name}`;
          return (
            <li key={band.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
              <NumberField
                id={bandId('upToKg')}
                label={`Band ${bandIndex + 1}: up to (kg)`}
                error={bandError?.upToKg?.message}
                step="0.001"
                registration={register(`methods.${index}.bands.${bandIndex}.upToKg`, { setValueAs: numberOrNull })}
              />
              <NumberField
                id={bandId('price')}
                label="Price ($)"
                error={bandError?.price?.message}
                step="0.01"
                registration={register(`methods.${index}.bands.${bandIndex}.price`, { valueAsNumber: true })}
              />
              <RemoveButton
                className="mb-1"
                onClick={() => bands.remove(bandIndex)}
                label={`Remove band ${bandIndex + 1} of method ${index + 1}`}
              />
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" size="sm" onClick={() => bands.append({ upToKg: null, price: 0 })}>
        Add band
      </Button>
    </div>
  );
}
