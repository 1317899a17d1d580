import { SettingsForm } from '@/components/checkout-admin/settings-form';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth';
import { getShopSettings } from '@/lib/checkout';

export const metadata = { title: 'Shop Settings' };

export default async function SettingsPage() {
  const admin = await getAdminViewer('/dashboard/settings');
  if (!admin) return <AdminDenied />;
  const settings = await getShopSettings(admin);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Shop Settings</h2>
      <SettingsForm ordersEmail={settings.ordersEmail} />
    </div>
  );
}
