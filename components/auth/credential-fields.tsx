'use client';

import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { PasswordInput } from '@/components/forms/password-input';

type Credentials = { email: string; password: string };

type CredentialFieldsProps<T extends Credentials> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  passwordAutoComplete: 'current-password' | 'new-password';
};

/** The email and password fields of the login and register forms (with the show/hide toggle). */
export function CredentialFields<T extends Credentials>({ register, errors: formErrors, passwordAutoComplete }: CredentialFieldsProps<T>) {
  const errors = formErrors as FieldErrors<Credentials>;
  return (
    <>
      <Field id="email" label="Email" error={errors.email?.message}>
        <input
          id="email"
          type="email"
          autoComplete="email"
          className={inputClass}
          {...describedBy('email', errors.email?.message)}
          {...register('email' as Path<T>)}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <PasswordInput
          id="password"
          autoComplete={passwordAutoComplete}
          {...describedBy('password', errors.password?.message)}
          {...register('password' as Path<T>)}
        />
      </Field>
    </>
  );
}
