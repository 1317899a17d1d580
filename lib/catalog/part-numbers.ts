/** Part and OEM numbers match normalised (DESIGN.md section 4): case, spaces, dashes, dots and slashes are ignored. Client-safe. */
export function normalizePartNumber(text: string): string {
  return text.toUpperCase().replace(/[\s\-./]/g, '');
}

/** How a search result says which number it was found by: "Replaces OE 04465-02220", "Replaces Bosch 0 986 494 104". */
export function replacesLabel({ kind, brand, number }: { kind: 'oe' | 'aftermarket'; brand?: string | null; number: string }): string {
  return `Replaces ${[kind === 'oe' ? 'OE' : brand, number].filter(Boolean).join(' ')}`;
}

/** Interchange numbers as stored: each with its match key, once per key (the first spelling kept), brand left out when blank. */
export function interchangeWithKeys(entries: ReadonlyArray<{ kind: 'oe' | 'aftermarket'; brand?: string | null; number: string }>) {
  const byKey = new Map<string, { kind: 'oe' | 'aftermarket'; brand?: string; number: string; key: string }>();
  for (const { kind, brand, number } of entries) {
    const key = normalizePartNumber(number);
    if (key && !byKey.has(key)) byKey.set(key, { kind, ...(brand ? { brand } : {}), number: number.trim(), key });
  }
  return [...byKey.values()];
}
