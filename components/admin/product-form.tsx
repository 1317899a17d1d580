'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { CATEGORIES, DEFAULT_CATEGORY } from '@/content/categories';
import { FitmentEditor } from '@/components/admin/fitment-editor';
import { INTERCHANGE_KEYS, InterchangeEditor } from '@/components/admin/interchange-editor';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { ImageField } from '@/components/forms/image-field';
import { ListInput } from '@/components/forms/list-input';
import { Button } from '@/components/ui/button';
import { alertError, alertErrorWithLink, alertSuccess } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { PART_POSITIONS, POSITION_LABELS } from '@/lib/core/part-fields';
import type { PartDTO } from '@/lib/catalog/types';
import { partInputSchema, type PartFormValues, type PartInput } from '@/lib/validations/parts';

type ProductFormProps = { part?: PartDTO };

const NUMBER_FIELDS = [
  { name: 'price', label: 'Price ($)', step: '0.01', inputMode: 'decimal' },
  { name: 'availableQuantity', label: 'Available quantity', step: '1', inputMode: 'numeric' },
  { name: 'minimumQuantity', label: 'Minimum quantity', step: '1', inputMode: 'numeric' },
] as const;

const PRODUCT_FIELDS = [
  'name',
  'price',
  'availableQuantity',
  'minimumQuantity',
  'img',
  'description',
  'category',
  'brand',
  'partNumber',
  'oemNumbers',
  'interchange',
  'position',
  'fitment',
  'weightKg',
  'coreCharge',
] as const;
const FITMENT_KEYS = ['make', 'model', 'yearFrom', 'yearTo', 'engine', 'notes'] as const;

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  price: 'Price',
  availableQuantity: 'Available quantity',
  minimumQuantity: 'Minimum quantity',
  img: 'Image',
  description: 'Description',
  category: 'Category',
  brand: 'Brand',
  partNumber: 'Part number',
  oemNumbers: 'OEM numbers',
  interchange: 'Interchange numbers',
  position: 'Position',
  fitment: 'Fitment',
  weightKg: 'Shipping weight',
  coreCharge: 'Core charge',
  make: 'make',
  model: 'model',
  yearFrom: 'from year',
  yearTo: 'to year',
  engine: 'engine',
  notes: 'notes',
  kind: 'kind',
  number: 'number',
};
/** A list field's rows, as the failure alert names them. */
const ROW_LABELS: Record<string, string> = { fitment: 'Fitment row', interchange: 'Interchange number' };

/** The failure alert's text: the field the server refused and why ("Part number: ..."), else the server's message. */
export function refusalText(data: { error?: string; fieldErrors?: Record<string, string[]> }): string | undefined {
  const [key, messages] = Object.entries(data.fieldErrors ?? {}).find(([, list]) => list[0]) ?? [];
  if (!key || !messages?.[0]) return data.error;
  const [field, row, cell] = key.split('.');
  const label =
    ROW_LABELS[field!] && row !== undefined && cell
      ? `${ROW_LABELS[field!]} ${Number(row) + 1}, ${FIELD_LABELS[cell] ?? cell}`
      : (FIELD_LABELS[field!] ?? field);
  return `${label}: ${messages[0]}`;
}

/** A fitment cell the server found missing from the vehicle list: the admin adds that vehicle on the Vehicles page. */
const VEHICLE_LIST_CELL = /^fitment\.\d+\.(make|model|yearFrom|yearTo|engine)$/;
export const VEHICLES_PAGE_LINK = { href: '/dashboard/vehicles', label: 'Add it on the Vehicles page' };

async function alertRefusal(data: { error?: string; fieldErrors?: Record<string, string[]> }): Promise<void> {
  const text = refusalText(data);
  const [key] = Object.entries(data.fieldErrors ?? {}).find(([, list]) => list[0]) ?? [];
  if (text && key && VEHICLE_LIST_CELL.test(key))
    return alertErrorWithLink('Something was Wrong, please try again', text, VEHICLES_PAGE_LINK);
  return alertError('Something was Wrong, please try again', text);
}

/** The form's values for a stored part (blank strings where the part has nothing). */
function valuesOf(part: PartDTO): PartFormValues {
  return {
    name: part.name,
    price: part.price,
    availableQuantity: part.availableQuantity,
    minimumQuantity: part.minimumQuantity,
    img: part.img,
    description: part.description,
    category: (part.category ?? DEFAULT_CATEGORY) as PartFormValues['category'],
    brand: part.brand ?? '',
    partNumber: part.partNumber ?? '',
    oemNumbers: part.oemNumbers,
    interchange: part.interchange.map((entry) => ({ ...entry, brand: entry.brand ?? '' })),
    position: part.position ?? '',
    fitment: part.fitment.map((row) => ({
      ...row,
      engine: row.engine ?? '',
      notes: row.notes ?? '',
      position: row.position ?? '',
      quantity: row.quantity ?? undefined,
    })),
    weightKg: part.weightKg,
    coreCharge: part.coreCharge,
  };
}

const EMPTY: DefaultValues<PartFormValues> = {
  name: '',
  description: '',
  img: '',
  category: DEFAULT_CATEGORY,
  brand: '',
  partNumber: '',
  position: '',
  oemNumbers: [],
  interchange: [],
  fitment: [],
  weightKg: null,
  coreCharge: null,
};

/** Add Product and Edit Product (admins); same rules as the server. */
export function ProductForm({ part }: ProductFormProps) {
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, control, formState, reset, setError } = useForm<PartFormValues, unknown, PartInput>({
    resolver: zodResolver(partInputSchema),
    defaultValues: part ? valuesOf(part) : EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = useSaveProduct(part, { control, reset, setError });

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Product"
      className="grid gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <Field id="name" label="Name" error={errors.name?.message} className="sm:col-span-2">
        <input id="name" className={inputClass} {...describedBy('name', errors.name?.message)} {...register('name')} />
      </Field>
      <NumberFields register={register} errors={errors} />
      <OptionalNumberField register={register} errors={errors} {...WEIGHT_FIELD} />
      <OptionalNumberField register={register} errors={errors} {...CORE_CHARGE_FIELD} />
      <div className="sm:col-span-2">
        <ImageField control={control} name="img" error={errors.img?.message} onUploadingChange={setUploading} />
      </div>
      <Field id="description" label="Description" error={errors.description?.message} className="sm:col-span-2">
        <textarea
          id="description"
          rows={6}
          className={inputClass}
          {...describedBy('description', errors.description?.message)}
          {...register('description')}
        />
      </Field>
      <CategoryField register={register} errors={errors} />
      <PositionField register={register} errors={errors} />
      <Field id="brand" label="Brand" error={errors.brand?.message}>
        <input id="brand" className={inputClass} {...describedBy('brand', errors.brand?.message)} {...register('brand')} />
      </Field>
      <Field id="partNumber" label="Part number" error={errors.partNumber?.message}>
        <input
          id="partNumber"
          className={inputClass}
          autoComplete="off"
          {...describedBy('partNumber', errors.partNumber?.message)}
          {...register('partNumber')}
        />
      </Field>
      <OemNumbersField control={control} errors={errors} />
      <InterchangeEditor control={control} register={register} errors={errors.interchange} />
      <FitmentEditor control={control} register={register} errors={errors.fitment} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting} disabled={uploading}>
          {part ? 'Save changes' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}

type PartForm = UseFormReturn<PartFormValues, unknown, PartInput>;

/** The submit handler: adds the part (and empties the form) or saves the stored one, and alerts the outcome. */
function useSaveProduct(part: PartDTO | undefined, { control, reset, setError }: Pick<PartForm, 'control' | 'reset' | 'setError'>) {
  const router = useRouter();
  const fitmentCount = useWatch({ control, name: 'fitment' })?.length ?? 0;
  const interchangeCount = useWatch({ control, name: 'interchange' })?.length ?? 0;

  // A server message for a fitment or interchange cell goes under that cell.
  const fitmentFields = Array.from({ length: fitmentCount }, (_, i) => FITMENT_KEYS.map((key) => `fitment.${i}.${key}` as const)).flat();
  const interchangeFields = Array.from({ length: interchangeCount }, (_, i) =>
    INTERCHANGE_KEYS.map((key) => `interchange.${i}.${key}` as const),
  ).flat();
  const form = { setError, fields: [...PRODUCT_FIELDS, ...fitmentFields, ...interchangeFields] };

  return async function onSubmit(values: PartInput) {
    if (!part) {
      const res = await submitJson<{ success?: boolean }, PartFormValues>('/api/parts', { method: 'POST', json: values }, form);
      if (!res.ok || !res.data.success) {
        await alertRefusal(res.data);
        return;
      }
      await alertSuccess(res.data.message ?? 'Product added successfully');
      reset(EMPTY);
      router.refresh();
      return;
    }
    // The stock the admin saw: the server applies only the difference, through the stock ledger.
    // An emptied optional field goes as '' so the server clears it (a field left out is kept).
    const cleared = { brand: values.brand ?? '', partNumber: values.partNumber ?? '', position: values.position ?? '' };
    const res = await submitJson<{ success?: boolean }, PartFormValues>(
      `/api/parts/${part._id}`,
      { method: 'PUT', json: { ...values, ...cleared, expectedAvailableQuantity: part.availableQuantity } },
      form,
    );
    if (!res.ok) {
      await alertRefusal(res.data);
      return;
    }
    await alertSuccess(res.data.message ?? 'Product updated');
    router.refresh();
  };
}

type FieldsProps = { register: UseFormRegister<PartFormValues>; errors: FieldErrors<PartFormValues> };

function NumberFields({ register, errors }: FieldsProps) {
  return NUMBER_FIELDS.map((field) => {
    const error = errors[field.name]?.message;
    return (
      <Field key={field.name} id={field.name} label={field.label} error={error}>
        <input
          id={field.name}
          type="number"
          step={field.step}
          min={0}
          inputMode={field.inputMode}
          className={inputClass}
          {...describedBy(field.name, error)}
          {...register(field.name, { valueAsNumber: true })}
        />
      </Field>
    );
  });
}

const WEIGHT_FIELD = {
  name: 'weightKg',
  label: 'Shipping weight (kg, optional)',
  hint: 'Packed weight for the shipping price; blank counts as 1 kg',
  step: '0.001',
} as const;
const CORE_CHARGE_FIELD = {
  name: 'coreCharge',
  label: 'Core charge ($, optional)',
  hint: 'Deposit refunded when the old part comes back; blank or 0: none',
  step: '0.01',
} as const;

/** A number the part may leave out: blank is stored as none (null). */
function OptionalNumberField({
  register,
  errors,
  name,
  label,
  hint,
  step,
}: FieldsProps & { name: 'weightKg' | 'coreCharge'; label: string; hint: string; step: string }) {
  const error = errors[name]?.message;
  return (
    <Field id={name} label={label} error={error} hint={hint}>
      <input
        id={name}
        type="number"
        step={step}
        min={0}
        inputMode="decimal"
        className={inputClass}
        {...describedBy(name, error)}
        {...register(name, {
          setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)),
        })}
      />
    </Field>
  );
}

function CategoryField({ register, errors }: FieldsProps) {
  return (
    <Field id="category" label="Category" error={errors.category?.message}>
      <select id="category" className={inputClass} {...describedBy('category', errors.category?.message)} {...register('category')}>
        {CATEGORIES.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function PositionField({ register, errors }: FieldsProps) {
  return (
    <Field id="position" label="Position (optional)" error={errors.position?.message}>
      <select id="position" className={inputClass} {...describedBy('position', errors.position?.message)} {...register('position')}>
        <option value="">No position</option>
        {PART_POSITIONS.map((position) => (
          <option key={position} value={position}>
            {POSITION_LABELS[position]}
          </option>
        ))}
      </select>
    </Field>
  );
}

function OemNumbersField({ control, errors }: { control: Control<PartFormValues>; errors: FieldErrors<PartFormValues> }) {
  return (
    <Controller
      control={control}
      name="oemNumbers"
      render={({ field }) => {
        const error = errors.oemNumbers?.message ?? errors.oemNumbers?.find?.((item) => item?.message)?.message;
        return (
          <Field id="oemNumbers" label="OEM numbers" error={error} hint="Separated by commas" className="sm:col-span-2">
            <ListInput id="oemNumbers" commasOnly value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={error} />
          </Field>
        );
      }}
    />
  );
}
