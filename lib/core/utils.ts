export const DESCRIPTION_PREVIEW_LENGTH = 250;
/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

/** The spec's description preview: the first 250 characters and '...'. */
export function previewText(text: string, length = DESCRIPTION_PREVIEW_LENGTH): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The navbar's display name: cut to 6 characters. */
export function shortName(name: string, length = 6): string {
  return name.length > length ? name.slice(0, length) : name;
}

// Placeholder origin for resolving a path; only whether the result stays on it matters.
const PATH_BASE = 'http://shop.invalid';

/** A same-origin return path; control characters (`/\t/evil` becomes `//evil`), backslashes, schemes or hosts make it `/`. */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return '/';
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, PATH_BASE);
  } catch {
    return '/';
  }
  if (url.origin !== PATH_BASE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil` resolves to the path `//evil`, which a browser would read as another host.
  return path.startsWith('//') ? '/' : path;
}

/** The same rule for an absolute address on `origin` (next-auth's redirect callback): that origin's safe path, else `origin/`. */
export function safeRedirectUrl(raw: string, origin: string): string {
  const path = raw.startsWith(`${origin}/`) ? raw.slice(origin.length) : raw;
  return `${origin}${safeCallbackUrl(path)}`;
}

/** A stored date as the API answers it: ISO 8601, or null when absent. */
export const isoOrNull = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/** Text matched literally inside a regular expression (user input never becomes a pattern). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
