import type { ReactNode } from 'react';
import { cn } from '@/lib/core/utils';

/** Cards in 1, 2 or 3 columns by width, or a short note when there are none. */
export function CardGrid({ empty, className, children }: { empty: string; className?: string; children: ReactNode[] }) {
  if (children.length === 0) {
    return <p className={cn('rounded-xl bg-white p-8 text-center text-slate-500 ring-1 ring-slate-200', className)}>{empty}</p>;
  }
  return <div className={cn('grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3', className)}>{children}</div>;
}
