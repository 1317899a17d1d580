'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { z } from 'zod';
import { describedBy, Field } from '@/components/forms/field';
import { PasswordInput } from '@/components/forms/password-input';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/client/fetch-json';
import { passwordSchema } from '@/lib/validations/common';

const formSchema = z.object({ password: passwordSchema });

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit, formState } = useForm<z.infer<typeof formSchema>>({ resolver: zodResolver(formSchema) });
  const error = formState.errors.password?.message;

  async function onSubmit({ password }: z.infer<typeof formSchema>) {
    setSubmitting(true);
    const res = await fetchJson('/api/password/reset', { method: 'POST', json: { token, password } });
    setSubmitting(false);
    if (!res.ok) {
      toast.error(res.data.error ?? 'Something went wrong, please try again');
      return;
    }
    toast.success(res.data.message ?? 'Your password was changed, please log in');
    router.push('/login');
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Choose a new password" className="space-y-4">
      <Field id="password" label="New password" error={error}>
        <PasswordInput id="password" autoComplete="new-password" {...describedBy('password', error)} {...register('password')} />
      </Field>
      <Button type="submit" loading={submitting} className="w-full">
        Set new password
      </Button>
    </form>
  );
}
