import 'server-only';
import Holidays from 'date-holidays';
import { env, SettingsError } from '@/lib/platform/env';

/** Arrival by the shipping page's dispatch rule (content/legal.ts): cut-off, weekends and holidays in the shop's zone and country. */

export const DISPATCH_CUTOFF_HOUR = 14;

/** A calendar day as a UTC midnight, so that adding days never meets a clock change. */
type Day = Date;
const isoDay = (day: Day) => day.toISOString().slice(0, 10);

/** The shop's calendar day and hour at `now`. */
function shopClock(now: Date, timeZone: string): { day: Day; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return { day: new Date(Date.UTC(part('year'), part('month') - 1, part('day'))), hour: part('hour') };
}

const calendars = new Map<string, Holidays>();
const holidayYears = new Map<string, Set<string>>();

/** The calendar of a country ("GB") or part of one ("GB-ENG"); a setting it does not know stops with a SettingsError. */
function calendarOf(place: string): Holidays {
  const known = calendars.get(place);
  if (known) return known;
  const [country = '', part] = place.split('-');
  const calendar = new Holidays();
  if (!calendar.getCountries()[country] || (part && !calendar.getStates(country)?.[part])) {
    throw new SettingsError(`Invalid settings: SHOP_COUNTRY ${place} names no country (or part of one) whose holidays are known`);
  }
  calendar.init(country, part ?? '', { types: ['public', 'bank'] });
  calendars.set(place, calendar);
  return calendar;
}

/** The public and bank holidays of a year, as ISO days (substitute days included). */
function holidaysOf(place: string, year: number): Set<string> {
  const key = `${place}:${year}`;
  let days = holidayYears.get(key);
  if (!days) {
    const holidays = calendarOf(place).getHolidays(year);
    days = new Set(
      holidays.filter((holiday) => holiday.type === 'public' || holiday.type === 'bank').map((holiday) => holiday.date.slice(0, 10)),
    );
    holidayYears.set(key, days);
  }
  return days;
}

function isWorkingDay(day: Day, place: string): boolean {
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaysOf(place, day.getUTCFullYear()).has(isoDay(day));
}

const nextDay = (day: Day) => new Date(day.getTime() + 86_400_000);

function nextWorkingDay(day: Day, place: string): Day {
  let next = nextDay(day);
  while (!isWorkingDay(next, place)) next = nextDay(next);
  return next;
}

/** Whose holidays (SHOP_COUNTRY) and which clock (SHOP_TIME_ZONE) the rule follows. */
export type ShopCalendar = { place: string; timeZone: string };
const shopCalendar = (): ShopCalendar => ({ place: env().SHOP_COUNTRY, timeZone: env().SHOP_TIME_ZONE });

function dispatchOf(now: Date, { place, timeZone }: ShopCalendar): Day {
  const { day, hour } = shopClock(now, timeZone);
  return isWorkingDay(day, place) && hour < DISPATCH_CUTOFF_HOUR ? day : nextWorkingDay(day, place);
}

/** The day an order placed at `now` leaves the warehouse (an ISO date). */
export const dispatchDay = (now: Date, calendar = shopCalendar()) => isoDay(dispatchOf(now, calendar));

/** The day an order placed at `now` arrives at the latest: its dispatch day, then `days` working days (an ISO date). */
export function deliveredBy(now: Date, days: number, calendar = shopCalendar()): string {
  let day = dispatchOf(now, calendar);
  for (let left = days; left > 0; left--) day = nextWorkingDay(day, calendar.place);
  return isoDay(day);
}
