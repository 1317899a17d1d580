'use client';

import { useEffect } from 'react';
import { alertError } from '@/lib/client/alerts';
import { signOutTo } from '@/lib/client/sign-out';
import { TEXT } from '@/lib/core/texts';

/** SPEC 2: a non-admin on an admin page gets the error alert, is signed out and sent to /login. */
export function AdminDenied() {
  useEffect(() => {
    let done = false;
    void (async () => {
      await alertError(TEXT.adminRouteDenied);
      if (!done) await signOutTo('/login');
    })();
    return () => {
      done = true;
    };
  }, []);
  return <p className="text-slate-600">Checking access…</p>;
}
