import Image from 'next/image';
import { buttonClass } from '@/components/ui/button';

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink">
      <Image src="/images/hero.svg" alt="" fill priority unoptimized className="-z-10 object-cover object-right" />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:py-36">
        <div className="max-w-xl">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-500">Car spare parts, shipped worldwide</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
            The right part, at the right price, on time.
          </h1>
          <p className="mt-6 text-lg text-slate-300">
            Brakes, filters, ignition, suspension, lighting, electrical and cooling parts, checked for fit and sold in the quantities
            workshops and drivers need.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#parts" className={buttonClass('primary', undefined, 'lg')}>
              Shop parts
            </a>
            <a href="#reviews" className="rounded-lg border border-white/30 px-6 py-3 font-semibold text-white hover:bg-white/10">
              Read reviews
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
