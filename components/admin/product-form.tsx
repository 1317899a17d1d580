'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { ImageField } from '@/components/forms/image-field';
import { Button } from '@/components/ui/button';
import { alertError, alertSuccess } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import type { PartDTO } from '@/lib/types';
import { partInputSchema, type PartFormValues, type PartInput } from '@/lib/validations/parts';

type ProductFormProps = { part?: PartDTO };

const NUMBER_FIELDS = [
  { name: 'price', label: 'Price ($)', step: '0.01', inputMode: 'decimal' },
  { name: 'availableQuantity', label: 'Available quantity', step: '1', inputMode: 'numeric' },
  { name: 'minimumQuantity', label: 'Minimum quantity', step: '1', inputMode: 'numeric' },
] as const;

const PRODUCT_FIELDS = ['name', 'price', 'availableQuantity', 'minimumQuantity', 'img', 'description'] as const;

/** Add Product and Edit Product (admins); same rules as the server. */
export function ProductForm({ part }: ProductFormProps) {
  const router = useRouter();
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, control, formState, reset, setError } = useForm<PartFormValues, unknown, PartInput>({
    resolver: zodResolver(partInputSchema),
    defaultValues: part
      ? {
          name: part.name,
          price: part.price,
          availableQuantity: part.availableQuantity,
          minimumQuantity: part.minimumQuantity,
          img: part.img,
          description: part.description,
        }
      : { name: '', description: '', img: '' },
  });
  const { errors, isSubmitting } = formState;

  const form = { setError, fields: PRODUCT_FIELDS };

  async function onSubmit(values: PartInput) {
    if (!part) {
      const res = await submitJson<{ success?: boolean }, PartFormValues>('/api/parts', { method: 'POST', json: values }, form);
      if (!res.ok || !res.data.success) {
        await alertError('Something was Wrong, please try again', res.fieldErrorsShown ? undefined : res.data.error);
        return;
      }
      await alertSuccess(res.data.message ?? 'Product added successfully');
      reset({ name: '', description: '', img: '' });
      router.refresh();
      return;
    }
    // The stock the admin saw: the server applies only the difference, through the stock ledger.
    const res = await submitJson<{ success?: boolean }, PartFormValues>(
      `/api/parts/${part._id}`,
      { method: 'PUT', json: { ...values, expectedAvailableQuantity: part.availableQuantity } },
      form,
    );
    if (!res.ok) {
      await alertError('Something was Wrong, please try again', res.fieldErrorsShown ? undefined : res.data.error);
      return;
    }
    await alertSuccess(res.data.message ?? 'Product updated');
    router.refresh();
  }

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
      {NUMBER_FIELDS.map((field) => {
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
      })}
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
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting} disabled={uploading}>
          {part ? 'Save changes' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
