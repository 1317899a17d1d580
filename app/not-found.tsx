import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { ShopImage } from '@/components/ui/shop-image';

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center">
      {/* Lazy, so that no page preloads it: every page's data carries this boundary (rendered as a server
          <img>, eager, it was preloaded on every page; the e2e test of preloads would fail). */}
      <ShopImage
        src="/images/not-found.svg"
        alt="Page not found: a broken-down car with its bonnet open"
        width={800}
        height={600}
        loading="lazy"
        className="h-auto w-full max-w-xl"
      />
      <h1 className="mt-6 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className={buttonClass('primary', 'mt-6', 'lg')}>
        Back to the shop
      </Link>
    </div>
  );
}
