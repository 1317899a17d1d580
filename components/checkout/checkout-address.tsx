'use client';

import Link from 'next/link';
import type { UseFormRegister } from 'react-hook-form';
import { CountrySelect } from '@/components/cart/country-select';
import type { AddressDTO, SavedAddresses } from '@/components/cart/types';
import type { CheckoutFormInput } from '@/components/checkout/form-schema';
import { SaveAddressCheckbox } from '@/components/checkout/save-address-checkbox';
import { SavedAddressSelect } from '@/components/checkout/saved-address-select';
import type { CheckoutFieldsProps, Customer } from '@/components/checkout/use-checkout';
import { Field, inputClass } from '@/components/forms/field';
import { ReadOnlyField } from '@/components/forms/read-only-field';
import { ADDRESS_BOOK_SIZE } from '@/lib/accounts/types';
import { ADDRESS_TEXT_FIELDS } from '@/components/forms/address-fields';

const SECTION = 'grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2';
const HEADING = 'text-lg font-semibold text-slate-900 sm:col-span-2';

/** Who orders: a customer's email from the account, a guest's typed; the phone either way. */
export function CheckoutContact({ customer, input, errors }: CheckoutFieldsProps & { customer: Customer | null }) {
  return (
    <section aria-labelledby="contact-heading" className={SECTION}>
      <h2 id="contact-heading" className={HEADING}>
        Contact
      </h2>
      {customer ? (
        <ReadOnlyField id="checkout-email" label="Email" value={customer.email} />
      ) : (
        <Field id="email" label="Email" error={errors.email?.message} hint="We send your order and its link here.">
          <input id="email" type="email" autoComplete="email" className={inputClass} {...input('email', errors.email?.message)} />
        </Field>
      )}
      <Field id="phone" label="Phone" error={errors.phone?.message}>
        <input id="phone" type="tel" autoComplete="tel" className={inputClass} {...input('phone', errors.phone?.message)} />
      </Field>
      {!customer && (
        <p className="text-sm text-slate-600 sm:col-span-2">
          Have an account?{' '}
          <Link href="/login?callbackUrl=%2Fcheckout" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>{' '}
          and your cart comes with you.
        </p>
      )}
    </section>
  );
}

type CheckoutAddressProps = CheckoutFieldsProps & {
  saved: SavedAddresses | null;
  onChoose: (address: AddressDTO) => void;
  register: UseFormRegister<CheckoutFormInput>;
};

/** Where the order goes: a saved address to start from (a customer's), the fields, and whether to save it. */
export function CheckoutAddress({ saved, onChoose, register, input, errors }: CheckoutAddressProps) {
  return (
    <section aria-labelledby="address-heading" className={SECTION}>
      <h2 id="address-heading" className={HEADING}>
        Delivery address
      </h2>
      {saved && <SavedAddressSelect saved={saved} onChoose={onChoose} />}
      {ADDRESS_TEXT_FIELDS.map(({ key, label, autoComplete, wide }) => {
        const error = errors.address?.[key]?.message;
        return (
          <Field key={key} id={`address.${key}`} label={label} error={error} className={wide ? 'sm:col-span-2' : undefined}>
            <input id={`address.${key}`} autoComplete={autoComplete} className={inputClass} {...input(`address.${key}`, error)} />
          </Field>
        );
      })}
      <Field id="address.country" label="Country" error={errors.address?.country?.message}>
        <CountrySelect id="address.country" {...input('address.country', errors.address?.country?.message)} />
      </Field>
      {saved && saved.book.length < ADDRESS_BOOK_SIZE && <SaveAddressCheckbox field={register('saveAddress')} />}
    </section>
  );
}
