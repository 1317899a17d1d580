'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { shopSettingsSchema, type ShopSettingsInput } from '@/lib/validations/checkout-admin';

/** The shop's settings: the inbox told of each new order. */
export function SettingsForm({ ordersEmail }: { ordersEmail: string }) {
  const router = useRouter();
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof shopSettingsSchema>, unknown, ShopSettingsInput>({
    resolver: zodResolver(shopSettingsSchema),
    defaultValues: { ordersEmail },
  });
  const { errors, isSubmitting } = formState;
  async function onSubmit(values: ShopSettingsInput) {
    const res = await submitJson('/api/admin/settings', { method: 'PUT', json: values }, { setError, fields: ['ordersEmail'] });
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The settings could not be saved');
      return;
    }
    toast.success('Settings saved');
    router.refresh();
  }
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Shop settings"
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <Field id="ordersEmail" label="New orders are emailed to" error={errors.ordersEmail?.message} hint="Blank: nobody is told">
        <input
          id="ordersEmail"
          type="email"
          autoComplete="email"
          className={inputClass}
          {...describedBy('ordersEmail', errors.ordersEmail?.message)}
          {...register('ordersEmail')}
        />
      </Field>
      <Button type="submit" loading={isSubmitting}>
        Save settings
      </Button>
    </form>
  );
}
