'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';

/** A signed-in customer's "save this address": the order's address goes into the address book once the order is placed. */
export function SaveAddressCheckbox({ field }: { field: UseFormRegisterReturn<'saveAddress'> }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
      <input type="checkbox" className="h-4 w-4 accent-brand-600" {...field} />
      Save this address to my address book
    </label>
  );
}
