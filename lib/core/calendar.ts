/** Calendar days in a time zone, written `YYYY-MM-DD`: a window such as "within N days of delivery" counts the shop's days. */

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: Date, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
}

/** The calendar day an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Whole days from one calendar day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Noon of a calendar day in a time zone: the instant that stays on that day wherever it is shown, give or take eleven hours. */
export function noonOn(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T12:00:00Z`);
  return new Date(guess - (wallClock(new Date(guess), timeZone) - guess));
}
