'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { CredentialFields } from '@/components/auth/credential-fields';
import { ForgotPasswordDialog } from '@/components/auth/forgot-password-dialog';
import { SignInLinkOffer } from '@/components/auth/sign-in-link-offer';
import { Button } from '@/components/ui/button';
import { LINK_OFFERING_ERRORS, signInErrorMessage, signInResultMessage } from '@/lib/auth/sign-in-errors';
import { currentCallbackUrl, currentSignInError } from '@/lib/client/callback-url';
import { loginSchema, type LoginInput } from '@/lib/validations/auth';

export function LoginForm() {
  const [submitting, setSubmitting] = useState(false);
  // Set when the limits refused a sign-in: the page then offers a one-time link to that email.
  const [locked, setLocked] = useState<{ message: string; email: string } | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });
  const { errors } = formState;

  useEffect(() => {
    const error = currentSignInError();
    if (error) toast.error(signInErrorMessage(error));
  }, []);

  async function onSubmit(values: LoginInput) {
    setSubmitting(true);
    const callbackUrl = currentCallbackUrl();
    const result = await signIn('credentials', { ...values, redirect: false, callbackUrl });
    if (!result || result.error) {
      setSubmitting(false);
      const message = result?.error ? signInResultMessage(result.error) : 'Sign-in failed, please try again';
      if (result?.error && LINK_OFFERING_ERRORS.includes(result.error)) setLocked({ message, email: values.email });
      else toast.error(message);
      return;
    }
    // A full navigation, so that every server-rendered part (navbar, dashboard) sees the session.
    window.location.assign(callbackUrl);
  }

  return (
    <div className="space-y-3">
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Login" className="space-y-4">
        <CredentialFields register={register} errors={errors} passwordAutoComplete="current-password" />
        <Button type="submit" loading={submitting} className="w-full">
          Login
        </Button>
      </form>
      {locked && <SignInLinkOffer message={locked.message} email={locked.email} />}
      {/* Outside the login form: its dialog holds a form of its own, and forms cannot nest. */}
      <div className="flex justify-end">
        <ForgotPasswordDialog />
      </div>
    </div>
  );
}
