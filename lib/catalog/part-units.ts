import type { PartUnit } from '@/lib/core/part-fields';

/** A count of a part's units as shown: "40 pieces", "12 sets" (client-safe). */
export function unitCount(count: number, unit: PartUnit = 'piece'): string {
  return `${count} ${unit === 'piece' ? 'pieces' : `${unit}s`}`;
}
