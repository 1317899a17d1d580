'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { NumberField } from '@/components/checkout-admin/number-field';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import type { TaxRateDTO } from '@/lib/checkout';
import { taxRateSchema, type TaxRateFormValues, type TaxRateInput } from '@/lib/validations/checkout-admin';

const EMPTY: TaxRateFormValues = { country: '', region: '', rate: 0, taxShipping: false, label: 'VAT' };

/** The form and its saving: an added rate empties the form, an edited one goes back to the list. */
function useTaxRateForm(rate?: TaxRateDTO) {
  const router = useRouter();
  const form = useForm<TaxRateFormValues, unknown, TaxRateInput>({
    resolver: zodResolver(taxRateSchema),
    defaultValues: rate
      ? { country: rate.country, region: rate.region, rate: rate.rate, taxShipping: rate.taxShipping, label: rate.label }
      : EMPTY,
  });

  async function onSubmit(values: TaxRateInput) {
    const res = await submitJson<TaxRateDTO, TaxRateFormValues>(
      rate ? `/api/admin/tax-rates/${rate._id}` : '/api/admin/tax-rates',
      { method: rate ? 'PUT' : 'POST', json: values },
      { setError: form.setError, fields: ['country', 'region', 'rate', 'taxShipping', 'label'] },
    );
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The rate could not be saved');
      return;
    }
    toast.success(rate ? 'Tax rate saved' : 'Tax rate added');
    if (rate) router.push('/dashboard/taxes');
    else form.reset(EMPTY);
    router.refresh();
  }

  return { form, submit: form.handleSubmit(onSubmit) };
}

/** Add a tax rate, or edit the one given. */
export function TaxRateForm({ rate }: { rate?: TaxRateDTO }) {
  const { form, submit } = useTaxRateForm(rate);
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={rate ? 'Edit tax rate' : 'Add tax rate'}
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 lg:grid-cols-4"
    >
      <Field id="country" label="Country code" error={errors.country?.message}>
        <input
          id="country"
          className={inputClass}
          autoComplete="off"
          maxLength={2}
          {...describedBy('country', errors.country?.message)}
          {...register('country')}
        />
      </Field>
      <Field id="region" label="Region (optional)" error={errors.region?.message} hint="A state or province code">
        <input
          id="region"
          className={inputClass}
          autoComplete="off"
          {...describedBy('region', errors.region?.message)}
          {...register('region')}
        />
      </Field>
      <NumberField
        id="rate"
        label="Rate (%)"
        error={errors.rate?.message}
        step="0.001"
        max={100}
        registration={register('rate', { valueAsNumber: true })}
      />
      <Field id="label" label="Shown as" error={errors.label?.message}>
        <input id="label" className={inputClass} {...describedBy('label', errors.label?.message)} {...register('label')} />
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className="h-4 w-4" {...register('taxShipping')} />
        Tax the shipping too
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:justify-end">
        {rate && (
          <Link href="/dashboard/taxes" className="text-sm font-semibold text-brand-700 hover:underline">
            Cancel
          </Link>
        )}
        <Button type="submit" loading={isSubmitting}>
          {rate ? 'Save rate' : 'Add rate'}
        </Button>
      </div>
    </form>
  );
}
