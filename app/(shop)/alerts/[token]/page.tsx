import type { Metadata } from 'next';
import { UnsubscribeAlert } from '@/components/alerts/unsubscribe-alert';

export const metadata: Metadata = { title: 'Stop an alert', robots: { index: false } };

// The token is the page's whole content: no shared shell to prerender.
export const instant = false;

type AlertPageProps = { params: Promise<{ token: string }> };

/** An alert email's unsubscribe link: a mail scanner opening it changes nothing; the button stops the alert. */
export default async function AlertPage({ params }: AlertPageProps) {
  const { token } = await params;
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Stop this alert?</h1>
      <p className="text-slate-600">We will not email you about it, and we forget the address you gave for it.</p>
      <UnsubscribeAlert token={token} />
    </div>
  );
}
