import Link from 'next/link';
import { cacheLife } from 'next/cache';
import { legalDocuments, legalPath, LEGAL_SLUGS } from '@/content/legal';
import { SITE_NAME } from '@/lib/core/site';
import { buttonClass } from '@/components/ui/button';

const headingClass = 'text-sm font-semibold uppercase tracking-wider text-white';
// Items with no page of their own: plain, muted text that does not look like a link.
const plainItemClass = 'text-slate-400';

/** The copyright year, cached for a day: a page prerendered in December still turns over in January. */
async function copyrightYear(): Promise<number> {
  'use cache';
  cacheLife('days');
  return new Date().getFullYear();
}

export async function Footer() {
  const year = await copyrightYear();
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            Contact
          </h2>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p>{SITE_NAME} Ltd., 18 Foundry Lane, Leeds LS2 7HX, United Kingdom</p>
            <p>Phone: +44 113 496 0275</p>
            <p>Email: support@partsmart.example</p>
          </address>
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className={headingClass}>
            Company
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link href="/myPortfolio" className="hover:text-white">
                About us
              </Link>
            </li>
            <li>
              <Link href="/blogs" className="hover:text-white">
                Blog
              </Link>
            </li>
            <li>
              <Link href="/orders/lookup" className="hover:text-white">
                Track an order
              </Link>
            </li>
            <li className={plainItemClass}>Careers</li>
            <li className={plainItemClass}>Wholesale and workshops</li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={headingClass}>
            Legal
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {LEGAL_SLUGS.map((slug) => (
              <li key={slug}>
                <Link href={legalPath(slug)} className="hover:text-white">
                  {legalDocuments[slug].linkText}
                </Link>
              </li>
            ))}
            <li>
              <Link href={`${legalPath('privacy')}#cookies`} className="hover:text-white">
                Cookie policy
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className={headingClass}>
            Newsletter
          </h2>
          <p className="mt-4 text-sm">Deals on parts and maintenance tips, once a month.</p>
          {/* The spec's newsletter does nothing: no form, no request. */}
          <div className="mt-4 flex gap-2">
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input
              id="newsletter-email"
              type="email"
              placeholder="you@example.com"
              className="min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400"
            />
            <button type="button" className={buttonClass('primary')}>
              Send
            </button>
          </div>
        </section>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {year} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
