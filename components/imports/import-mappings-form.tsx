'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useFieldArray, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { CATEGORIES } from '@/content/categories';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { importMappingsSchema, type ImportMappingsFormValues, type ImportMappingsInput } from '@/lib/validations/import-mappings';

type Form = UseFormReturn<ImportMappingsFormValues, unknown, ImportMappingsInput>;

/** Every field a 400 may name, so its message shows under that input. */
function fieldPaths(values: ImportMappingsFormValues): Array<Path<ImportMappingsFormValues>> {
  return [
    'priceType',
    ...values.brands.flatMap((_, i) => [`brands.${i}.aaiaId`, `brands.${i}.brand`] as const),
    ...values.categories.flatMap((_, i) => [`categories.${i}.partTypeId`, `categories.${i}.category`] as const),
    ...values.positions.flatMap((_, i) => [`positions.${i}.positionId`, `positions.${i}.name`] as const),
  ];
}

/** The import tables: the supplier's brand ids to the shop's brands, part types to categories, position ids to names, and
 * the price type. */
export function ImportMappingsForm({ initial }: { initial: ImportMappingsInput }) {
  const router = useRouter();
  const form: Form = useForm<ImportMappingsFormValues, unknown, ImportMappingsInput>({
    resolver: zodResolver(importMappingsSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  async function onSubmit(values: ImportMappingsInput) {
    const target = { setError: form.setError, fields: fieldPaths(form.getValues()) };
    const res = await submitJson('/api/admin/import-mappings', { method: 'PUT', json: values }, target);
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The mappings could not be saved');
      return;
    }
    toast.success('Import mappings saved');
    router.refresh();
  }
  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label="Import mappings"
      className="space-y-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <Field id="priceType" label="Price type imported" error={errors.priceType?.message} hint="RET (retail), LST (list), JBR (jobber)...">
        <input
          id="priceType"
          className={`${inputClass} max-w-32 uppercase`}
          {...describedBy('priceType', errors.priceType?.message)}
          {...form.register('priceType')}
        />
      </Field>
      <BrandRows form={form} />
      <CategoryRows form={form} />
      <PositionRows form={form} />
      <Button type="submit" loading={isSubmitting}>
        Save mappings
      </Button>
    </form>
  );
}

function BrandRows({ form }: { form: Form }) {
  const rows = useFieldArray({ control: form.control, name: 'brands' });
  const errors = form.formState.errors.brands;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Brands (the supplier&apos;s BrandAAIAID to the shop&apos;s brand)</legend>
      <p className="text-xs text-slate-500">An item whose brand id is not listed here is rejected.</p>
      <ol className="space-y-2">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_auto] items-end gap-2">
            <Field id={`brands-${i}-aaiaId`} label={`Brand id ${i + 1}`} error={errors?.[i]?.aaiaId?.message}>
              <input
                id={`brands-${i}-aaiaId`}
                className={`${inputClass} uppercase`}
                {...describedBy(`brands-${i}-aaiaId`, errors?.[i]?.aaiaId?.message)}
                {...form.register(`brands.${i}.aaiaId`)}
              />
            </Field>
            <Field id={`brands-${i}-brand`} label="Shop's brand" error={errors?.[i]?.brand?.message}>
              <input
                id={`brands-${i}-brand`}
                className={inputClass}
                {...describedBy(`brands-${i}-brand`, errors?.[i]?.brand?.message)}
                {...form.register(`brands.${i}.brand`)}
              />
            </Field>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mb-1"
              onClick={() => rows.remove(i)}
              aria-label={`Remove brand ${i + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" size="sm" onClick={() => rows.append({ aaiaId: '', brand: '' })}>
        Add brand
      </Button>
    </fieldset>
  );
}

function CategoryRows({ form }: { form: Form }) {
  const rows = useFieldArray({ control: form.control, name: 'categories' });
  const errors = form.formState.errors.categories;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Categories (the PCdb part type to the shop&apos;s category)</legend>
      <p className="text-xs text-slate-500">A part type not listed here goes to Other parts.</p>
      <ol className="space-y-2">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_auto] items-end gap-2">
            <Field id={`categories-${i}-partTypeId`} label={`Part type ${i + 1}`} error={errors?.[i]?.partTypeId?.message}>
              <input
                id={`categories-${i}-partTypeId`}
                type="number"
                inputMode="numeric"
                className={inputClass}
                {...describedBy(`categories-${i}-partTypeId`, errors?.[i]?.partTypeId?.message)}
                {...form.register(`categories.${i}.partTypeId`, { valueAsNumber: true })}
              />
            </Field>
            <Field id={`categories-${i}-category`} label="Category" error={errors?.[i]?.category?.message}>
              <select id={`categories-${i}-category`} className={inputClass} {...form.register(`categories.${i}.category`)}>
                {CATEGORIES.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </select>
            </Field>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mb-1"
              onClick={() => rows.remove(i)}
              aria-label={`Remove part type ${i + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" size="sm" onClick={() => rows.append({ partTypeId: Number.NaN, category: 'other' })}>
        Add part type
      </Button>
    </fieldset>
  );
}

function PositionRows({ form }: { form: Form }) {
  const rows = useFieldArray({ control: form.control, name: 'positions' });
  const errors = form.formState.errors.positions;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Positions (the PCdb position id to its name)</legend>
      <p className="text-xs text-slate-500">
        An ACES position sent as an id alone takes this name in the fitment imported from now on; an id not listed here shows as
        &ldquo;Position&rdquo; and its number.
      </p>
      <ol className="space-y-2">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_auto] items-end gap-2">
            <Field id={`positions-${i}-positionId`} label={`Position id ${i + 1}`} error={errors?.[i]?.positionId?.message}>
              <input
                id={`positions-${i}-positionId`}
                type="number"
                inputMode="numeric"
                className={inputClass}
                {...describedBy(`positions-${i}-positionId`, errors?.[i]?.positionId?.message)}
                {...form.register(`positions.${i}.positionId`, { valueAsNumber: true })}
              />
            </Field>
            <Field id={`positions-${i}-name`} label="Position name" error={errors?.[i]?.name?.message}>
              <input
                id={`positions-${i}-name`}
                className={inputClass}
                {...describedBy(`positions-${i}-name`, errors?.[i]?.name?.message)}
                {...form.register(`positions.${i}.name`)}
              />
            </Field>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mb-1"
              onClick={() => rows.remove(i)}
              aria-label={`Remove position ${i + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" size="sm" onClick={() => rows.append({ positionId: Number.NaN, name: '' })}>
        Add position
      </Button>
    </fieldset>
  );
}
