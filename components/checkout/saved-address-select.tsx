'use client';

import { Field, inputClass } from '@/components/forms/field';
import type { AddressDTO, SavedAddresses } from '@/components/cart/types';

const addressLabel = (address: AddressDTO) => [address.name, address.line1, address.city, address.postalCode, address.country].join(', ');

type SavedAddressSelectProps = { saved: SavedAddresses; onChoose: (address: AddressDTO) => void };

/** The checkout's choice of a saved address: the address book (its default marked), then the addresses of past orders. */
export function SavedAddressSelect({ saved, onChoose }: SavedAddressSelectProps) {
  const choices = [...saved.book.map((entry) => entry.address), ...saved.fromOrders];
  if (!choices.length) return null;
  return (
    <Field id="saved-address" label="Saved addresses" className="sm:col-span-2">
      <select
        id="saved-address"
        className={inputClass}
        defaultValue=""
        onChange={(event) => {
          const address = choices[Number(event.target.value)];
          if (address) onChoose(address);
        }}
      >
        <option value="">Choose a saved address</option>
        {saved.book.length > 0 && (
          <optgroup label="Address book">
            {saved.book.map((entry, index) => (
              <option key={entry.id} value={index}>
                {addressLabel(entry.address)}
                {entry.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </optgroup>
        )}
        {saved.fromOrders.length > 0 && (
          <optgroup label="From your orders">
            {saved.fromOrders.map((address, index) => (
              <option key={index} value={saved.book.length + index}>
                {addressLabel(address)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </Field>
  );
}
