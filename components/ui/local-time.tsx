'use client';

import { useHydrated } from '@/components/ui/use-hydrated';

const FORMATS = {
  date: { dateStyle: 'medium' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Format = keyof typeof FORMATS;

const formatters = new Map<Format, Intl.DateTimeFormat>();

/** The server cannot know the reader's locale or time zone: it writes UTC, saying so. */
function utcText(date: Date, format: Format): string {
  const iso = date.toISOString();
  return format === 'date' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A date in the reader's locale and zone; the UTC fallback until hydration ends, so markup matches and pages stay cacheable. */
export function LocalTime({ iso, format = 'datetime', className }: { iso: string; format?: Format; className?: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  let text = utcText(date, format);
  if (hydrated) {
    let formatter = formatters.get(format);
    if (!formatter) formatters.set(format, (formatter = new Intl.DateTimeFormat(undefined, FORMATS[format])));
    text = formatter.format(date);
  }
  return (
    <time dateTime={iso} className={className} title={hydrated ? utcText(date, 'datetime') : undefined}>
      {text}
    </time>
  );
}
