/**
 * Part and OEM numbers are matched normalised (DESIGN.md section 4): case, spaces, dashes, dots and
 * slashes are ignored, so `04465-02220`, `0446502220` and `04465 02220` are one number. Client-safe.
 */
export function normalizePartNumber(text: string): string {
  return text.toUpperCase().replace(/[\s\-./]/g, '');
}
