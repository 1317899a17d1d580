import type { Metadata } from 'next';

/** The benchmark's baseline (benchmark build only): a page with no data, rendered inside the shop's root layout. */
export const metadata: Metadata = { title: 'Benchmark baseline', robots: { index: false, follow: false } };

export default function BenchStaticPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Benchmark baseline</h1>
      <p className="mt-2 text-slate-500">A page without data: the requests per second of the other pages are compared with this one.</p>
    </div>
  );
}
