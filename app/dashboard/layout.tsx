import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { DashboardMenu } from '@/components/dashboard/dashboard-menu';
import { mayOpenPrivatePage, PATHNAME_HEADER } from '@/lib/proxy';
import { requireViewer } from '@/lib/auth';

// Private pages, rendered per request for their viewer: the access check comes before anything is
// sent, so there is no shared shell to prerender.
export const instant = false;

export const metadata: Metadata = { title: { default: 'Dashboard', template: '%s | Dashboard' }, robots: { index: false } };

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await requireViewer('/dashboard');
  // Decided here, above loading.tsx's boundary: a foreign or unknown id is a 404 before anything is sent.
  if (!(await mayOpenPrivatePage(viewer, (await headers()).get(PATHNAME_HEADER)))) notFound();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Dashboard</h1>
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-8">
        <DashboardMenu isAdmin={viewer.isAdmin} />
        <section className="min-w-0 flex-1">{children}</section>
      </div>
    </div>
  );
}
