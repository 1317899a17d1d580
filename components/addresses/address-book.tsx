'use client';

import { useState } from 'react';
import { AddressForm } from '@/components/addresses/address-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { countryName } from '@/lib/validations/countries';
import { ADDRESS_BOOK_SIZE } from '@/lib/accounts/types';
import type { AddressBook, AddressBookEntry } from '@/lib/accounts/types';
import type { AddressDTO } from '@/lib/core/address';

/** An address as its label reads it, one line. */
const addressLine = (address: AddressDTO) =>
  [address.line1, address.line2, address.city, address.region, address.postalCode, countryName(address.country)].filter(Boolean).join(', ');

/** My Addresses: the saved addresses (up to 20), the default the checkout fills in; add, edit, make default, delete. */
export function AddressBookManager({ initial }: { initial: AddressBook }) {
  const [book, setBook] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const saved = (next: AddressBook) => {
    setBook(next);
    setEditing(null);
  };
  const { addresses } = book;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {addresses.length} of {ADDRESS_BOOK_SIZE} addresses saved. The checkout fills in your default address and offers the others.
      </p>
      {addresses.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">No saved addresses yet: add your first one below.</p>
      ) : (
        <ul aria-label="Saved addresses" className="space-y-2">
          {addresses.map((entry) => (
            <li key={entry.id} aria-label={entry.address.name} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              {editing === entry.id ? (
                <AddressForm entry={entry} onSaved={saved} onCancel={() => setEditing(null)} />
              ) : (
                <AddressRow entry={entry} onChange={setBook} onEdit={() => setEditing(entry.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="add-address-heading" className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        <h3 id="add-address-heading" className="mb-3 font-semibold text-slate-900">
          Add an address
        </h3>
        {addresses.length < ADDRESS_BOOK_SIZE ? (
          <AddressForm onSaved={saved} />
        ) : (
          <p className="text-sm text-slate-600">Your address book is full: remove an address to add another.</p>
        )}
      </section>
    </div>
  );
}

type AddressRowProps = { entry: AddressBookEntry; onChange: (book: AddressBook) => void; onEdit: () => void };

function AddressRow({ entry, onChange, onEdit }: AddressRowProps) {
  const [busy, setBusy] = useState(false);
  const url = `/api/addresses/${encodeURIComponent(entry.id)}`;

  async function send(init: Parameters<typeof fetchJson>[1], done: string) {
    setBusy(true);
    const res = await fetchJson<AddressBook>(url, init);
    setBusy(false);
    if (!res.ok) return toast.error(res.data.error ?? 'Your address book could not be changed');
    onChange(res.data);
    toast.success(done);
  }

  async function remove() {
    const confirmed = await confirmDialog({
      title: 'Are you sure?',
      text: `${entry.address.name}, ${entry.address.line1} will be removed from your address book.`,
      confirmText: 'Yes, remove it!',
      cancelText: 'No',
    });
    if (confirmed) await send({ method: 'DELETE' }, 'Address removed');
  }

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span className="break-words">{entry.address.name}</span>
          {entry.isDefault && <Badge tone="green">Default</Badge>}
        </p>
        <p className="text-sm break-words text-slate-600">{addressLine(entry.address)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!entry.isDefault && (
          <Button
            size="sm"
            variant="dark"
            loading={busy}
            onClick={() => void send({ method: 'PATCH', json: { isDefault: true } }, 'Default address changed')}
          >
            Make default
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={busy} onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void remove()}>
          Delete
        </Button>
      </div>
    </div>
  );
}
