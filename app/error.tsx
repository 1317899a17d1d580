'use client';

import { useEffect } from 'react';
import { buttonClass } from '@/components/ui/button';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-600">We could not load this page. Please try again in a moment.</p>
      <button type="button" onClick={reset} className={buttonClass('primary', 'mt-6', 'lg')}>
        Try again
      </button>
    </div>
  );
}
