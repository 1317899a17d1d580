'use client';

import { signOutTo } from '@/lib/client/sign-out';
import { cn } from '@/lib/core/utils';

export function LogoutButton({ className }: { className?: string }) {
  return (
    <button type="button" className={cn(className)} onClick={() => void signOutTo('/')}>
      LogOut
    </button>
  );
}
