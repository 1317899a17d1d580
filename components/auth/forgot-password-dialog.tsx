'use client';

import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/client/fetch-json';

export const FORGOT_PASSWORD_TOAST = 'Email Sended, Check inbox or spam folder';

/** The forgot-password modal of /login: no validation, the same answer for every address. */
export function ForgotPasswordDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    const res = await fetchJson('/api/password/forgot', { method: 'POST', json: { email } });
    setSending(false);
    if (res.ok) {
      toast.info(FORGOT_PASSWORD_TOAST);
      dialog.current?.close();
      setEmail('');
    } else {
      toast.error(res.data.error ?? 'Something went wrong, please try again');
    }
  }

  return (
    <>
      <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={() => dialog.current?.showModal()}>
        Forgot password?
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="forgot-title"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <form onSubmit={send} className="space-y-4 p-6">
          <h2 id="forgot-title" className="text-lg font-semibold text-slate-900">
            Reset your password
          </h2>
          <p className="text-sm text-slate-600">Enter the email of your account and we will send you a link to choose a new password.</p>
          <label htmlFor="forgot-email" className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <input
            id="forgot-email"
            type="text"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Send reset link
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
