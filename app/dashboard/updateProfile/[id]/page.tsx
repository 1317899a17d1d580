import { notFound } from 'next/navigation';
import { ProfileForm } from '@/components/profile/profile-form';
import { requireViewer } from '@/lib/auth';
import { getProfilesByEmail } from '@/lib/accounts';

export const metadata = { title: 'Update Profile' };

export default async function UpdateProfilePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer(`/dashboard/updateProfile/${id}`);
  const [profile] = await getProfilesByEmail(viewer, viewer.email);
  if (!profile || profile._id !== id) notFound();
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Update Profile</h2>
      <ProfileForm mode="update" user={viewer} profile={profile} />
    </div>
  );
}
