import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { ShopImage } from '@/components/ui/shop-image';
import { requireViewer } from '@/lib/auth';
import { getProfilesByEmail } from '@/lib/accounts';

export const metadata = { title: 'My Profile' };

export default async function MyProfilePage() {
  const viewer = await requireViewer('/dashboard/myProfile');
  const [profile] = await getProfilesByEmail(viewer, viewer.email);
  if (!profile) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
        <h2 className="text-xl font-semibold text-slate-900">My Profile</h2>
        <p className="mt-2 text-slate-600">You have not added your profile yet.</p>
        <Link href="/dashboard/addProfile" className={buttonClass('primary', 'mt-6')}>
          Add Profile
        </Link>
      </div>
    );
  }
  const rows: Array<[string, string]> = [
    ['Name', profile.name],
    ['Email', profile.email],
    ['Phone', profile.phone],
    ['Education', profile.education],
    ['District', profile.district],
    ['City', profile.city],
  ];
  return (
    <div className="space-y-4">
      <Badge tone="green">Already Added Profile</Badge>
      <article className="flex flex-col gap-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:flex-row">
        <div className="relative h-32 w-32 shrink-0 overflow-hidden rounded-full bg-slate-100">
          <ShopImage src={profile.image} alt={`Photo of ${profile.name}`} fill sizes="128px" className="object-cover" />
        </div>
        <div className="flex-1">
          <h2 className="text-xl font-semibold text-slate-900">{profile.name}</h2>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-900 break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 flex flex-wrap gap-4">
            {profile.linkedin && (
              <a
                href={profile.linkedin}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="font-semibold text-blue-700 underline"
              >
                LinkedIn
              </a>
            )}
            {profile.github && (
              <a
                href={profile.github}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="font-semibold text-slate-900 underline"
              >
                GitHub
              </a>
            )}
          </div>
          <Link href={`/dashboard/updateProfile/${profile._id}`} className={buttonClass('dark', 'mt-6')}>
            update Profile
          </Link>
        </div>
      </article>
    </div>
  );
}
