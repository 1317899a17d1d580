import { redirect } from 'next/navigation';
import { ProfileForm } from '@/components/profile/profile-form';
import { requireViewer } from '@/lib/auth';
import { getProfilesByEmail } from '@/lib/accounts';

export const metadata = { title: 'Add Profile' };

export default async function AddProfilePage() {
  const viewer = await requireViewer('/dashboard/addProfile');
  // One profile per user: someone who has one updates it instead.
  const [existing] = await getProfilesByEmail(viewer, viewer.email);
  if (existing) redirect(`/dashboard/updateProfile/${existing._id}`);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Add Profile</h2>
      <ProfileForm mode="add" user={viewer} />
    </div>
  );
}
