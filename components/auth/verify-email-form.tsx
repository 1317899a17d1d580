'use client';

import Link from 'next/link';
import { useState } from 'react';
import { describedBy, Field } from '@/components/forms/field';
import { PasswordInput } from '@/components/forms/password-input';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { fetchJson } from '@/lib/client/fetch-json';

type Props = { token: string; email: string; needsPassword: boolean };

/** The button of an emailed verification link: the link is used only when its owner confirms here. */
export function VerifyEmailForm({ token, email, needsPassword }: Props) {
  const [submitting, setSubmitting] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const res = await fetchJson<{ status?: string }>('/api/verify-email', {
      method: 'POST',
      json: needsPassword ? { token, password } : { token },
    });
    if (!res.ok) {
      setSubmitting(false);
      const fieldError = res.data.fieldErrors?.password?.[0];
      if (fieldError) setError(fieldError);
      else toast.error(res.data.error ?? 'Something went wrong, please try again');
      return;
    }
    // A full load, so that every server-rendered part (the navbar's reminder) sees the verified email.
    const outcome = new URL('/verify-email', window.location.origin);
    outcome.searchParams.set('status', res.data.status === 'already-verified' ? 'already-verified' : 'verified');
    window.location.assign(outcome.href);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Verify your email" className="space-y-4">
      <p className="text-center text-slate-700">
        Confirm that <strong className="break-all">{email}</strong> is your email address.
      </p>
      {needsPassword && (
        <>
          <Field id="password" label="Password" error={error} hint="The password you chose when you created the account.">
            <PasswordInput
              id="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
              {...describedBy('password', error)}
            />
          </Field>
          <p className="text-sm text-slate-600">
            Did not create an account with this email? Ignore this email, or reset its password from the{' '}
            <Link href="/login" className="font-semibold text-brand-700 underline">
              login page
            </Link>{' '}
            to take the address back.
          </p>
        </>
      )}
      <Button type="submit" loading={submitting} className="w-full">
        Verify email
      </Button>
    </form>
  );
}
