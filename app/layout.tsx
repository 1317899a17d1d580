import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { Toaster } from '@/components/ui/toaster';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/core/site';
import { appUrl } from '@/lib/platform/env';
import './globals.css';

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(appUrl()),
    title: { default: `${SITE_NAME}: car spare parts`, template: `%s | ${SITE_NAME}` },
    description: SITE_DESCRIPTION,
    applicationName: SITE_NAME,
    openGraph: {
      type: 'website',
      siteName: SITE_NAME,
      title: `${SITE_NAME}: car spare parts`,
      description: SITE_DESCRIPTION,
      images: [{ url: '/images/hero.svg', width: 1600, height: 700, alt: `${SITE_NAME} car parts` }],
    },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = { themeColor: '#0f172a', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-3">
          Skip to content
        </a>
        <Navbar />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <Toaster />
      </body>
    </html>
  );
}
