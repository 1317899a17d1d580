import Link from 'next/link';
import type { InterchangeDTO, KitComponentDTO, PartAttributeDTO } from '@/lib/catalog';

/** What the supplier's PIES file tells of a part (issue 46): its specification, the numbers it replaces, a kit's parts. */

/** "Replaces OE 04465-02220", "Replaces Brembo P83024": the number as the supplier gave it, in that direction only. */
export function interchangeLabel(row: InterchangeDTO): string {
  const brand = row.kind === 'oe' ? 'OE' : row.brand;
  return brand ? `Replaces ${brand} ${row.number}` : `Replaces ${row.number}`;
}

const sectionClass = 'mt-12 space-y-3';
const headingClass = 'text-xl font-bold text-slate-900';

export function SpecificationTable({ attributes }: { attributes: readonly PartAttributeDTO[] }) {
  if (!attributes.length) return null;
  return (
    <section aria-labelledby="specification-heading" className={sectionClass}>
      <h2 id="specification-heading" className={headingClass}>
        Specification
      </h2>
      <table aria-labelledby="specification-heading" className="w-full max-w-2xl text-sm">
        <tbody className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {attributes.map((attribute, index) => (
            <tr key={index}>
              <th scope="row" className="w-1/2 px-4 py-2 text-left font-medium text-slate-600">
                {attribute.name}
              </th>
              <td className="break-words px-4 py-2 text-slate-900">
                {attribute.uom ? `${attribute.value} ${attribute.uom}` : attribute.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function InterchangeList({ interchange }: { interchange: readonly InterchangeDTO[] }) {
  if (!interchange.length) return null;
  return (
    <section aria-labelledby="interchange-heading" className={sectionClass}>
      <h2 id="interchange-heading" className={headingClass}>
        Replaces
      </h2>
      <ul className="flex flex-wrap gap-2 text-sm">
        {interchange.map((row, index) => (
          <li key={index} className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
            {interchangeLabel(row)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A kit's components; `partIds[i]` is the shop's part of component i, linked when the shop sells it. */
export function KitComponents({ components, partIds }: { components: readonly KitComponentDTO[]; partIds: ReadonlyArray<string | null> }) {
  if (!components.length) return null;
  return (
    <section aria-labelledby="kit-heading" className={sectionClass}>
      <h2 id="kit-heading" className={headingClass}>
        In this kit
      </h2>
      <ul className="space-y-1 text-sm text-slate-800">
        {components.map((component, index) => {
          const label = [component.brand, component.partNumber].filter(Boolean).join(' ');
          const partId = partIds[index];
          return (
            <li key={index}>
              {component.quantity} ×{' '}
              {partId ? (
                <Link href={`/parts/${partId}`} className="font-medium text-brand-700 underline hover:text-brand-800">
                  {label}
                </Link>
              ) : (
                <span className="font-medium">{label}</span>
              )}
              {component.description && <span className="text-slate-600">: {component.description}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
