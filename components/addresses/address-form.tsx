'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { CountrySelect } from '@/components/cart/country-select';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { submitJson } from '@/lib/client/submit';
import type { AddressBook, AddressBookEntry } from '@/lib/accounts/types';
import type { AddressDTO } from '@/lib/core/address';
import { addressBookEntrySchema, type AddressBookEntryInput } from '@/lib/validations/addresses';
import { ADDRESS_TEXT_FIELDS } from '@/components/forms/address-fields';

type FormInput = z.input<typeof addressBookEntrySchema>;

const FIELDS: ReadonlyArray<Path<FormInput>> = [
  ...ADDRESS_TEXT_FIELDS.map((field) => `address.${field.key}` as const),
  'address.country',
  'isDefault',
];

/** A saved address as the form's fields hold it (empty text for what it lacks). */
const formAddress = (address: AddressDTO): FormInput['address'] => ({
  ...address,
  line2: address.line2 ?? '',
  region: address.region ?? '',
});
const EMPTY = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

type AddressFormProps = {
  /** The entry to edit; none: a new address. */
  entry?: AddressBookEntry;
  onSaved: (book: AddressBook) => void;
  onCancel?: () => void;
};

/** Add or edit an address of the book, with the checkout's own rules (a postcode of its country, a US or Canadian region that agrees). */
export function AddressForm({ entry, onSaved, onCancel }: AddressFormProps) {
  const { register, handleSubmit, formState, setError, reset } = useForm<FormInput, unknown, AddressBookEntryInput>({
    resolver: zodResolver(addressBookEntrySchema),
    defaultValues: { address: entry ? formAddress(entry.address) : EMPTY, isDefault: entry?.isDefault ?? false },
  });
  const { errors, isSubmitting } = formState;
  // Ids of their own: an edit form can be open beside the new-address form.
  const idOf = (key: string) => `${entry ? `edit-${entry.id}` : 'new'}-${key}`;
  const country = errors.address?.country?.message;

  async function onSubmit(values: AddressBookEntryInput) {
    // An edit sends the default only to make it so: a default is replaced by another, never unset.
    const json = entry ? { address: values.address, ...(values.isDefault && !entry.isDefault ? { isDefault: true } : {}) } : values;
    const url = entry ? `/api/addresses/${encodeURIComponent(entry.id)}` : '/api/addresses';
    const res = await submitJson<AddressBook, FormInput>(url, { method: entry ? 'PATCH' : 'POST', json }, { setError, fields: FIELDS });
    if (!res.ok) {
      if (!res.fieldErrorsShown) toast.error(res.data.error ?? 'The address could not be saved');
      return;
    }
    toast.success(entry ? 'Address updated' : res.status === 201 ? 'Address saved' : 'This address is already in your address book');
    if (!entry) reset({ address: EMPTY, isDefault: false });
    onSaved(res.data);
  }

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={entry ? 'Edit address' : 'New address'}
      className="grid gap-4 sm:grid-cols-2"
    >
      {ADDRESS_TEXT_FIELDS.map(({ key, label, autoComplete, wide }) => {
        const error = errors.address?.[key]?.message;
        return (
          <Field key={key} id={idOf(key)} label={label} error={error} className={wide ? 'sm:col-span-2' : undefined}>
            <input
              id={idOf(key)}
              autoComplete={autoComplete}
              className={inputClass}
              {...describedBy(idOf(key), error)}
              {...register(`address.${key}`)}
            />
          </Field>
        );
      })}
      <Field id={idOf('country')} label="Country" error={country}>
        <CountrySelect id={idOf('country')} {...describedBy(idOf('country'), country)} {...register('address.country')} />
      </Field>
      {entry?.isDefault ? (
        <p className="text-sm text-slate-600 sm:col-span-2">This is your default address: the checkout fills it in.</p>
      ) : (
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('isDefault')} />
          Make this my default address
        </label>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          {entry ? 'Save changes' : 'Save address'}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
