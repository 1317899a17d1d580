/** The last quoted country and postcode, readable by scripts (not a secret) so cart pages paint the delivered cost first. Client-safe. */
export const DESTINATION_COOKIE = 'pm_destination';
const MAX_AGE = 365 * 24 * 60 * 60;

export type SavedDestination = { country: string; postalCode: string };

export function decodeDestination(value: string | undefined | null): SavedDestination | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Partial<SavedDestination> | null;
    return parsed && typeof parsed.country === 'string' && typeof parsed.postalCode === 'string'
      ? { country: parsed.country, postalCode: parsed.postalCode }
      : null;
  } catch {
    return null;
  }
}

export function destinationCookie(destination: SavedDestination): string {
  const value = encodeURIComponent(JSON.stringify({ country: destination.country, postalCode: destination.postalCode }));
  return `${DESTINATION_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax`;
}

export function readDestinationCookie(cookieHeader: string): SavedDestination | null {
  const entry = cookieHeader.split(';').find((part) => part.trim().startsWith(`${DESTINATION_COOKIE}=`));
  return decodeDestination(entry?.trim().slice(DESTINATION_COOKIE.length + 1));
}
