import { ImportMappingsForm } from '@/components/imports/import-mappings-form';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth';
import { getImportMappings } from '@/lib/imports';

export const metadata = { title: 'Import Mappings' };

export default async function ImportMappingsPage() {
  const admin = await getAdminViewer('/dashboard/importMappings');
  if (!admin) return <AdminDenied />;
  const mappings = await getImportMappings(admin);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Import Mappings</h2>
      <p className="text-sm text-slate-600">
        How a supplier&apos;s PIES and ACES files become the shop&apos;s parts and fitment: their brands, part types, prices and positions.
      </p>
      <ImportMappingsForm initial={mappings} />
    </div>
  );
}
