/** Part and OEM numbers match normalised (DESIGN.md section 4): case, spaces, dashes, dots and slashes are ignored. Client-safe. */
export function normalizePartNumber(text: string): string {
  return text.toUpperCase().replace(/[\s\-./]/g, '');
}
