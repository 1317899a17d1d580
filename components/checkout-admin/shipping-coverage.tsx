import type { CoverageGap } from '@/lib/checkout';

/** The Shipping page's coverage check: every country, postcode and weight no active method ships. */
export function ShippingCoverage({ gaps }: { gaps: CoverageGap[] }) {
  if (!gaps.length) {
    return (
      <section aria-labelledby="coverage-heading" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h3 id="coverage-heading" className="font-semibold text-slate-900">
          Coverage
        </h3>
        <p className="text-sm text-slate-600">Every country on the checkout&apos;s list has an active method for any weight.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="coverage-heading" className="space-y-2 rounded-2xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
      <h3 id="coverage-heading" className="font-semibold">
        Coverage
      </h3>
      <p className="text-sm">Customers at these addresses cannot check out: no zone, or no active method for the weight.</p>
      <ul aria-label="Shipping gaps" className="list-disc space-y-1 pl-5 text-sm break-words">
        {gaps.map((gap, index) => (
          <li key={index}>{gap.message}</li>
        ))}
      </ul>
    </section>
  );
}
