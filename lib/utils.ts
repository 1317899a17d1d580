import { DESCRIPTION_PREVIEW_LENGTH } from '@/lib/constants';

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

/** A same-site path to return to after signing in; anything else (other sites, `//host`) becomes `/`. */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}
