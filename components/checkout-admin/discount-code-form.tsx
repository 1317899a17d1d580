'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { CATEGORIES } from '@/content/categories';
import { NumberField } from '@/components/checkout-admin/number-field';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import type { DiscountCodeDTO } from '@/lib/checkout';
import { discountCodeSchema, type DiscountCodeFormValues, type DiscountCodeInput } from '@/lib/validations/checkout-admin';
import { firstError, ListInput, numberOrNull } from '@/components/forms/list-input';

const EMPTY: DiscountCodeFormValues = {
  code: '',
  kind: 'percent',
  percent: null,
  amount: null,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  oncePerCustomer: false,
  categories: [],
  brands: [],
};
const FIELDS = ['code', 'kind', 'percent', 'amount', 'minSubtotal', 'startsAt', 'endsAt', 'maxUses', 'categories', 'brands'] as const;

/** A date-time field's value as the browser's local time, sent as an instant. */
const localToIso = (value: unknown) => (typeof value === 'string' && value ? new Date(value).toISOString() : null);
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The form and its sending: the dates as the instants they name, a created code confirmed and the form emptied. */
function useDiscountCodeForm() {
  const router = useRouter();
  const form = useForm<DiscountCodeFormValues, unknown, DiscountCodeInput>({
    resolver: zodResolver(discountCodeSchema),
    defaultValues: EMPTY,
  });

  async function onSubmit(values: DiscountCodeInput) {
    // The date inputs hold the admin's local time: sent as the instant it names.
    const json = { ...values, startsAt: localToIso(form.getValues('startsAt')), endsAt: localToIso(form.getValues('endsAt')) };
    const res = await submitJson<DiscountCodeDTO, DiscountCodeFormValues>(
      '/api/admin/discount-codes',
      { method: 'POST', json },
      { setError: form.setError, fields: FIELDS },
    );
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The code could not be created');
      return;
    }
    toast.success(`Code ${res.data.code} created`);
    form.reset(EMPTY);
    router.refresh();
  }

  return { form, submit: form.handleSubmit(onSubmit) };
}

/** Create a discount code. Codes are not edited afterwards: pause one and create another. */
export function DiscountCodeForm() {
  const { form, submit } = useDiscountCodeForm();
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const kind = useWatch({ control, name: 'kind' });

  const number = (name: 'percent' | 'amount' | 'maxUses' | 'minSubtotal', label: string, step: string, hint?: string) => (
    <NumberField
      id={name}
      label={label}
      error={errors[name]?.message}
      hint={hint}
      step={step}
      registration={register(name, name === 'minSubtotal' ? { valueAsNumber: true } : { setValueAs: numberOrNull })}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New discount code"
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 lg:grid-cols-3"
    >
      <Field id="code" label="Code" error={errors.code?.message} hint="Letters, digits, - and _ (customers may type it in any case)">
        <input id="code" className={inputClass} autoComplete="off" {...describedBy('code', errors.code?.message)} {...register('code')} />
      </Field>
      <Field id="kind" label="Kind" error={errors.kind?.message}>
        <select id="kind" className={inputClass} {...describedBy('kind', errors.kind?.message)} {...register('kind')}>
          <option value="percent">Percent off</option>
          <option value="fixed">Amount off</option>
          <option value="free-shipping">Free shipping</option>
        </select>
      </Field>
      {kind === 'percent' && number('percent', 'Percent off (1-100)', '1')}
      {kind === 'fixed' && number('amount', 'Amount off ($)', '0.01')}
      {number('minSubtotal', 'Minimum goods ($)', '0.01')}
      {number('maxUses', 'Total uses (optional)', '1', 'Blank: unlimited')}
      {(['startsAt', 'endsAt'] as const).map((name) => (
        <DateField
          key={name}
          id={name}
          label={name === 'startsAt' ? 'Starts (optional)' : 'Ends (optional)'}
          error={errors[name]?.message}
          registration={register(name, { setValueAs: blankToNull })}
        />
      ))}
      <BrandsField control={control} errors={errors} />
      <CategoryChoices registration={register('categories')} />
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className="h-4 w-4" {...register('oncePerCustomer')} />
        Once per customer (by email)
      </label>
      <div className="sm:col-span-2 lg:col-span-3">
        <Button type="submit" loading={isSubmitting}>
          Create code
        </Button>
      </div>
    </form>
  );
}

type DateFieldProps = { id: string; label: string; error?: string; registration: UseFormRegisterReturn };

function DateField({ id, label, error, registration }: DateFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} type="datetime-local" className={inputClass} {...describedBy(id, error)} {...registration} />
    </Field>
  );
}

type BrandsFieldProps = {
  control: Control<DiscountCodeFormValues, unknown, DiscountCodeInput>;
  errors: FieldErrors<DiscountCodeFormValues>;
};

function BrandsField({ control, errors }: BrandsFieldProps) {
  return (
    <Controller
      control={control}
      name="brands"
      render={({ field }) => {
        const error = firstError(errors.brands);
        return (
          <Field id="brands" label="Only these brands (optional)" error={error} hint="Separated by commas">
            <ListInput id="brands" commasOnly value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={error} />
          </Field>
        );
      }}
    />
  );
}

/** The categories a code is limited to, one checkbox each. */
function CategoryChoices({ registration }: { registration: UseFormRegisterReturn<'categories'> }) {
  return (
    <fieldset className="space-y-2 sm:col-span-2 lg:col-span-3">
      <legend className="text-sm font-medium text-slate-700">Only these categories (none ticked: the whole cart)</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {CATEGORIES.map((category) => (
          <label key={category.slug} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4" value={category.slug} {...registration} />
            {category.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
