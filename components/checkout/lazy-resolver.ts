'use client';

import type { Resolver } from 'react-hook-form';
import type { CheckoutFormInput, CheckoutFormValues } from '@/components/checkout/form-schema';

type CheckoutResolver = Resolver<CheckoutFormInput, unknown, CheckoutFormValues>;

/** The checkout form's zod resolver, its schema loaded when first needed: zod and the postcode rules are most of the page's script. */
export function lazyCheckoutResolver(guest: boolean): { resolver: CheckoutResolver; load: () => Promise<CheckoutResolver> } {
  let loading: Promise<CheckoutResolver> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), import('@/components/checkout/form-schema')]).then(
      ([{ zodResolver }, { checkoutFormSchema }]) => zodResolver(checkoutFormSchema(guest)),
    ));
  return { resolver: async (values, context, options) => (await load())(values, context, options), load };
}
