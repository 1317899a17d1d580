import type { Metadata } from 'next';
import { FitAnswer } from '@/components/fit-confirmations/fit-answer';
import { ALREADY_ANSWERED, readFitLink } from '@/lib/fit-confirmations';
import { LINK_NOT_VALID } from '@/lib/validations/fit-confirmations';

export const metadata: Metadata = { title: 'Did it fit?', robots: { index: false } };

// The token is the page's whole content: no shared shell to prerender.
export const instant = false;

type FitPageProps = { params: Promise<{ token: string }>; searchParams: Promise<{ fits?: string }> };

/** The fit-check email's Yes or No link: opening it (a mail scanner does) changes nothing; the buyer's click answers, once. */
export default async function FitPage({ params, searchParams }: FitPageProps) {
  const { token } = await params;
  const { fits } = await searchParams;
  const link = await readFitLink(token);
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Did it fit?</h1>
      {!link ? (
        <p role="alert" className="text-slate-600">
          {LINK_NOT_VALID}
        </p>
      ) : link.answered ? (
        <p role="status" className="text-slate-600">
          {ALREADY_ANSWERED}
        </p>
      ) : (
        <>
          <p className="break-words text-slate-600">{link.partName}</p>
          <div className="flex justify-center">
            <FitAnswer
              orderId={link.orderId}
              partId={link.partId}
              vehicle={link.vehicle}
              token={token}
              suggested={fits === 'no' ? 'no' : 'yes'}
            />
          </div>
        </>
      )}
    </div>
  );
}
