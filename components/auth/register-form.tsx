'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { CredentialFields } from '@/components/auth/credential-fields';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { currentCallbackUrl } from '@/lib/client/callback-url';
import { submitJson } from '@/lib/client/submit';
import { registerSchema, type RegisterInput } from '@/lib/validations/auth';

export function RegisterForm() {
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<RegisterInput>({ resolver: zodResolver(registerSchema) });
  const { errors } = formState;

  async function onSubmit(values: RegisterInput) {
    setSubmitting(true);
    const created = await submitJson(
      '/api/register',
      { method: 'POST', json: values },
      { setError, fields: ['name', 'email', 'password'] },
    );
    if (!created.ok) {
      setSubmitting(false);
      if (!created.fieldErrorsShown) toast.error(created.data.error ?? 'Registration failed, please try again');
      return;
    }
    const callbackUrl = currentCallbackUrl();
    const result = await signIn('credentials', { email: values.email, password: values.password, redirect: false, callbackUrl });
    if (!result || result.error) {
      setSubmitting(false);
      toast.error(result?.error ?? 'Your account was created, please log in');
      return;
    }
    toast.success('Account created: check your inbox to verify your email');
    window.location.assign(callbackUrl);
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Register" className="space-y-4">
      <Field id="name" label="Name" error={errors.name?.message}>
        <input id="name" autoComplete="name" className={inputClass} {...describedBy('name', errors.name?.message)} {...register('name')} />
      </Field>
      <CredentialFields register={register} errors={errors} passwordAutoComplete="new-password" />
      <Button type="submit" loading={submitting} className="w-full">
        Register
      </Button>
    </form>
  );
}
