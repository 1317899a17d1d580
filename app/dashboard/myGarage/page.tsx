import { GarageManager } from '@/components/vehicles/garage-manager';
import { requireViewer } from '@/lib/auth';

export const metadata = { title: 'My Garage' };

export default async function MyGaragePage() {
  const viewer = await requireViewer('/dashboard/myGarage');
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">My Garage</h2>
      {viewer.isAdmin ? <p className="text-slate-600">The garage is for customers&apos; vehicles.</p> : <GarageManager />}
    </div>
  );
}
