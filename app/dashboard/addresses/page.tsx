import { AddressBookManager } from '@/components/addresses/address-book';
import { getAddressBook } from '@/lib/accounts';
import { requireViewer } from '@/lib/auth';

export const metadata = { title: 'My Addresses' };

/** The customer's address book; admins buy nothing, so they have none. */
export default async function AddressesPage() {
  const viewer = await requireViewer('/dashboard/addresses');
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">My Addresses</h2>
      {viewer.isAdmin ? (
        <p className="text-slate-600">The address book is for customers&apos; deliveries.</p>
      ) : (
        <AddressBookManager initial={await getAddressBook(viewer)} />
      )}
    </div>
  );
}
