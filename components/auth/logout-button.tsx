'use client';

import { signOut } from 'next-auth/react';
import { cn } from '@/lib/utils';

export function LogoutButton({ className }: { className?: string }) {
  return (
    <button type="button" className={cn(className)} onClick={() => void signOut({ callbackUrl: '/' })}>
      LogOut
    </button>
  );
}
