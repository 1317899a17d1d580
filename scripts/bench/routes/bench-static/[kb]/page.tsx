import type { Metadata } from 'next';
import { BENCH_STATIC_SIZES_KB } from '@/scripts/bench/static-sizes';

/** Static baselines (benchmark build only): prerendered pages `kb` kB larger than /bench-static, one near each measured page's size. */
export const metadata: Metadata = { title: 'Benchmark baseline', robots: { index: false, follow: false } };

export function generateStaticParams() {
  return BENCH_STATIC_SIZES_KB.map((kb) => ({ kb: String(kb) }));
}

const WORDS =
  'brake caliper rotor pad bearing hub filter oil air cabin spark plug coil belt pump hose clamp gasket seal sensor valve mount bushing link arm strut spring shock';

/** About 1 kB of text per paragraph (written once in the HTML and once in the page's data). */
function paragraph(index: number): string {
  const words = WORDS.split(' ');
  return Array.from({ length: 80 }, (_, i) => words[(index * 7 + i * 3) % words.length]).join(' ');
}

export default async function BenchStaticSizePage({ params }: { params: Promise<{ kb: string }> }) {
  const { kb } = await params;
  const count = Math.max(0, Math.round(Number(kb) / 2));
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Benchmark baseline</h1>
      {Array.from({ length: count }, (_, index) => (
        <p key={index} className="mt-2 text-slate-500">
          {paragraph(index)}
        </p>
      ))}
    </div>
  );
}
