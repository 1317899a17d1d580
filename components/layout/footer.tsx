import Link from 'next/link';
import { cacheLife } from 'next/cache';
import type { ReactNode } from 'react';
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

type FooterItem = { label: string; href?: string };

const COMPANY_ITEMS: FooterItem[] = [
  { label: 'About us', href: '/myPortfolio' },
  { label: 'Blog', href: '/blogs' },
  { label: 'Track an order', href: '/orders/lookup' },
  { label: 'Careers' },
  { label: 'Wholesale and workshops' },
];

const LEGAL_ITEMS: FooterItem[] = [
  ...LEGAL_SLUGS.map((slug) => ({ label: legalDocuments[slug].linkText, href: legalPath(slug) })),
  { label: 'Cookie policy', href: `${legalPath('privacy')}#cookies` },
];

export async function Footer() {
  const year = await copyrightYear();
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <FooterSection id="footer-contact" title="Contact">
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p>{SITE_NAME} Ltd., 18 Foundry Lane, Leeds LS2 7HX, United Kingdom</p>
            <p>Phone: +44 113 496 0275</p>
            <p>Email: support@partsmart.example</p>
          </address>
        </FooterSection>
        <FooterSection id="footer-company" title="Company">
          <FooterLinks items={COMPANY_ITEMS} />
        </FooterSection>
        <FooterSection id="footer-legal" title="Legal">
          <FooterLinks items={LEGAL_ITEMS} />
        </FooterSection>
        <FooterSection id="footer-newsletter" title="Newsletter">
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
        </FooterSection>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {year} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}

function FooterSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function FooterLinks({ items }: { items: FooterItem[] }) {
  return (
    <ul className="mt-4 space-y-2 text-sm">
      {items.map((item) =>
        item.href ? (
          <li key={item.label}>
            <Link href={item.href} className="hover:text-white">
              {item.label}
            </Link>
          </li>
        ) : (
          <li key={item.label} className={plainItemClass}>
            {item.label}
          </li>
        ),
      )}
    </ul>
  );
}
