import type { Metadata } from 'next';
import Link from 'next/link';
import { legalDocuments, legalPath, LEGAL_SLUGS, type LegalDocument } from '@/content/legal';

/** A legal page's metadata: its own title, description and canonical address. */
export function legalMetadata(slug: LegalDocument['slug']): Metadata {
  const { title, description } = legalDocuments[slug];
  return { title, description, alternates: { canonical: legalPath(slug) }, openGraph: { title, description } };
}

const updatedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One of the footer's legal pages (content/legal.ts), with links to the others. */
export function LegalDocumentPage({ slug }: { slug: LegalDocument['slug'] }) {
  const doc = legalDocuments[slug];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <article aria-labelledby="legal-title">
        <h1 id="legal-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
          {doc.title}
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          Last updated <time dateTime={doc.updated}>{updatedFormat.format(new Date(doc.updated))}</time>
        </p>
        <p className="mt-6 text-lg leading-relaxed text-slate-700">{doc.intro}</p>
        <div className="mt-10 space-y-8">
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
                {section.heading}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
                {section.paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </article>
      <nav aria-label="Legal" className="mt-12 border-t border-slate-200 pt-6 text-sm">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {LEGAL_SLUGS.filter((other) => other !== slug).map((other) => (
            <li key={other}>
              <Link href={legalPath(other)} className="font-medium text-brand-700 hover:underline">
                {legalDocuments[other].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
