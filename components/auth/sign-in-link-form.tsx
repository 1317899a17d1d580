'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { signInResultMessage } from '@/lib/auth/sign-in-errors';

/** The button of an emailed sign-in link: the link is used only when its owner presses it. */
export function SignInLinkForm() {
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    setSubmitting(true);
    const result = await signIn('sign-in-link', { token, redirect: false, callbackUrl: '/' });
    if (!result || result.error) {
      setSubmitting(false);
      toast.error(result?.error ? signInResultMessage(result.error) : 'Sign-in failed, please try again');
      return;
    }
    // A full navigation, so that every server-rendered part (navbar, dashboard) sees the session.
    window.location.assign(result.url ?? window.location.origin);
  }

  return (
    <form onSubmit={onSubmit} aria-label="Sign in with your link" className="space-y-4">
      <p className="text-center text-slate-600">This one-time link signs you in to your account without its password.</p>
      <Button type="submit" loading={submitting} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
