import { deliveredBy, dispatchDay } from '@/lib/checkout/delivery';
import { estimateOf } from '@/lib/checkout/shipping';
import { env, SettingsError } from '@/lib/platform/env';
import { withEnv } from '@/tests/helpers/env';

/**
 * The shipping page's dispatch rule: before 14:00 on a working day, in the shop's time zone, an order
 * leaves that day; otherwise on the next working day (no weekends, no public holidays of the shop's
 * country); it then travels its method's working days.
 */

const LEEDS = { place: 'GB-ENG', timeZone: 'Europe/London' };

describe('the delivery estimate', () => {
  // November 2026: London is on GMT (UTC), and England has no holiday that month. Mon 23 to Sun 29.
  it.each([
    ['Mon', '2026-11-23T13:59:00Z', '2026-11-23', '2026-11-24', '2026-11-25'],
    ['Mon', '2026-11-23T14:00:00Z', '2026-11-24', '2026-11-25', '2026-11-26'],
    ['Tue', '2026-11-24T13:59:00Z', '2026-11-24', '2026-11-25', '2026-11-26'],
    ['Tue', '2026-11-24T14:00:00Z', '2026-11-25', '2026-11-26', '2026-11-27'],
    ['Wed', '2026-11-25T13:59:00Z', '2026-11-25', '2026-11-26', '2026-11-27'],
    ['Wed', '2026-11-25T14:00:00Z', '2026-11-26', '2026-11-27', '2026-11-30'],
    ['Thu', '2026-11-26T13:59:00Z', '2026-11-26', '2026-11-27', '2026-11-30'],
    ['Thu', '2026-11-26T14:00:00Z', '2026-11-27', '2026-11-30', '2026-12-01'],
    ['Fri', '2026-11-27T13:59:00Z', '2026-11-27', '2026-11-30', '2026-12-01'],
    ['Fri', '2026-11-27T14:00:00Z', '2026-11-30', '2026-12-01', '2026-12-02'],
    ['Sat', '2026-11-28T09:00:00Z', '2026-11-30', '2026-12-01', '2026-12-02'],
    ['Sat', '2026-11-28T15:00:00Z', '2026-11-30', '2026-12-01', '2026-12-02'],
    ['Sun', '2026-11-29T09:00:00Z', '2026-11-30', '2026-12-01', '2026-12-02'],
    ['Sun', '2026-11-29T15:00:00Z', '2026-11-30', '2026-12-01', '2026-12-02'],
  ])(
    'skips Saturdays and Sundays: ordered %s %s leaves %s, Express (1 day) by %s, Standard (2 days) by %s',
    (_, at, leaves, express, standard) => {
      const now = new Date(at);
      expect(dispatchDay(now, LEEDS)).toBe(leaves);
      expect(deliveredBy(now, 0, LEEDS)).toBe(leaves);
      expect(deliveredBy(now, 1, LEEDS)).toBe(express);
      expect(deliveredBy(now, 2, LEEDS)).toBe(standard);
    },
  );

  it.each([
    // Christmas 2026: Fri 25, then Boxing Day on Saturday 26 is made up on Monday 28.
    ['before Christmas, before 14:00', '2026-12-24T13:59:00Z', '2026-12-24', '2026-12-29', '2026-12-30'],
    ['before Christmas, after 14:00', '2026-12-24T14:00:00Z', '2026-12-29', '2026-12-30', '2026-12-31'],
    ['on Boxing Day made up on Monday', '2026-12-28T09:00:00Z', '2026-12-29', '2026-12-30', '2026-12-31'],
    // Easter 2026 (British Summer Time): Good Friday 3 April, Easter Monday 6 April.
    ['the day before Good Friday, after 14:00', '2026-04-02T13:00:00Z', '2026-04-07', '2026-04-08', '2026-04-09'],
    ['on Good Friday morning', '2026-04-03T08:00:00Z', '2026-04-07', '2026-04-08', '2026-04-09'],
    ['shipping across Easter', '2026-04-02T12:59:00Z', '2026-04-02', '2026-04-07', '2026-04-08'],
  ])('skips public holidays: ordered %s (%s) leaves %s, by %s (1 day), %s (2 days)', (_, at, leaves, oneDay, twoDays) => {
    const now = new Date(at);
    expect(dispatchDay(now, LEEDS)).toBe(leaves);
    expect(deliveredBy(now, 1, LEEDS)).toBe(oneDay);
    expect(deliveredBy(now, 2, LEEDS)).toBe(twoDays);
  });

  it("reads 14:00 on the shop's clock, not the server's", () => {
    // 1 July 2026 is in British Summer Time: 13:00 UTC is already 14:00 in Leeds.
    expect(dispatchDay(new Date('2026-07-01T12:59:00Z'), LEEDS)).toBe('2026-07-01');
    expect(dispatchDay(new Date('2026-07-01T13:00:00Z'), LEEDS)).toBe('2026-07-02');
    // A shop in New York: 18:30 UTC on a Monday is 13:30 there, 19:00 UTC is 14:00.
    const newYork = { place: 'US', timeZone: 'America/New_York' };
    expect(dispatchDay(new Date('2026-11-23T18:30:00Z'), newYork)).toBe('2026-11-23');
    expect(dispatchDay(new Date('2026-11-23T19:00:00Z'), newYork)).toBe('2026-11-24');
    // Thanksgiving (Thursday 26 November 2026) is a US holiday, not an English one.
    expect(dispatchDay(new Date('2026-11-25T20:00:00Z'), newYork)).toBe('2026-11-27');
    expect(dispatchDay(new Date('2026-11-25T20:00:00Z'), LEEDS)).toBe('2026-11-26');
  });

  it('follows the holidays of the part of the country the shop is in', () => {
    // Friday 31 July 2026 after 14:00: Scotland's summer bank holiday is Monday 3 August, England's 31 August.
    const friday = new Date('2026-07-31T14:30:00Z');
    expect(dispatchDay(friday, LEEDS)).toBe('2026-08-03');
    expect(dispatchDay(friday, { place: 'GB-SCT', timeZone: 'Europe/London' })).toBe('2026-08-04');
  });

  it('uses SHOP_COUNTRY and SHOP_TIME_ZONE, Leeds by default, and refuses a place or zone it does not know', async () => {
    const saturday = new Date('2026-11-28T10:00:00Z');
    // The Saturday UK Express order arrives by Tuesday, not Monday; Standard (1 to 2 days) by Wednesday.
    await withEnv({ SHOP_COUNTRY: undefined, SHOP_TIME_ZONE: undefined }, async () => {
      expect(env()).toMatchObject({ SHOP_COUNTRY: 'GB-ENG', SHOP_TIME_ZONE: 'Europe/London' });
      expect(estimateOf({ minDays: 1, maxDays: 1 }, saturday)).toEqual({ minDays: 1, maxDays: 1, by: '2026-12-01' });
      expect(estimateOf({ minDays: 1, maxDays: 2 }, saturday)).toEqual({ minDays: 1, maxDays: 2, by: '2026-12-02' });
    });
    await withEnv({ SHOP_COUNTRY: 'gb-sct', SHOP_TIME_ZONE: 'Europe/London' }, async () => {
      expect(estimateOf({ minDays: 0, maxDays: 0 }, new Date('2026-07-31T14:30:00Z')).by).toBe('2026-08-04');
    });
    await withEnv({ SHOP_COUNTRY: 'XX' }, async () => {
      expect(() => estimateOf({ minDays: 1, maxDays: 1 }, saturday)).toThrow(SettingsError);
    });
    await withEnv({ SHOP_COUNTRY: 'Great Britain' }, async () => {
      expect(() => env()).toThrow(/SHOP_COUNTRY/);
    });
    await withEnv({ SHOP_TIME_ZONE: 'Mars/Olympus' }, async () => {
      expect(() => env()).toThrow(/SHOP_TIME_ZONE/);
    });
  });
});
