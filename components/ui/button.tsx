import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/core/utils';

const VARIANTS = {
  // Dark text on the orange: white on it is 2.8:1, under the 4.5:1 that WCAG AA asks of normal text.
  primary: 'bg-brand-500 text-ink hover:bg-brand-600 disabled:bg-slate-300 disabled:text-slate-600',
  dark: 'bg-ink text-white hover:bg-slate-700 disabled:bg-slate-300 disabled:text-slate-600',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-slate-300',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-slate-300',
} as const;

// Sizes are their own classes, so no caller has to override padding (Tailwind does not let the later class win).
const SIZES = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The one button look, for buttons and for links styled as buttons. */
export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string, size: ButtonSize = 'md') =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    SIZES[size],
    VARIANTS[variant],
    extra,
  );

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize; loading?: boolean };

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className, size)} disabled={disabled || loading} aria-busy={loading} {...rest}>
      {loading && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={cn('animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M4 12a8 8 0 018-8" stroke="currentColor" strokeWidth="4" className="opacity-90" />
    </svg>
  );
}

/** "Remove" for one row of a form's list: `label` says which row to a screen reader ("Remove band 2 of method 1"). */
export function RemoveButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <Button type="button" variant="outline" size="sm" className={className} onClick={onClick} aria-label={label}>
      Remove
    </Button>
  );
}
