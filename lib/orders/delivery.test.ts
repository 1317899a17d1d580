import { ValidationError } from '@/lib/core/errors';
import { DELIVERY_IN_FUTURE, deliveryBeforeShipping, deliveryInstant, isWithinReturnWindow } from '@/lib/orders/delivery';

const LONDON = 'Europe/London';
const LOS_ANGELES = 'America/Los_Angeles';

/** The field error a refused day carries, or null when the day was taken. */
function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors.deliveredAt?.[0] ?? 'no field error';
  }
}

describe('the delivery day', () => {
  const shippedAt = new Date('2026-11-24T15:30:00Z');
  const now = new Date('2026-11-27T10:00:00Z');

  it('is now when no day is given', () => {
    expect(deliveryInstant(undefined, shippedAt, now, LONDON)).toEqual(now);
  });

  it('takes any day from the day it shipped to today, at noon in the shop, kept between shipping and now', () => {
    expect(deliveryInstant('2026-11-25', shippedAt, now, LONDON)).toEqual(new Date('2026-11-25T12:00:00Z'));
    expect(deliveryInstant('2026-11-25', shippedAt, now, LOS_ANGELES)).toEqual(new Date('2026-11-25T20:00:00Z'));
    // Shipped that afternoon: the shipping time, never before it. Today before noon: now, never later.
    expect(deliveryInstant('2026-11-24', shippedAt, now, LONDON)).toEqual(shippedAt);
    expect(deliveryInstant('2026-11-27', shippedAt, now, LONDON)).toEqual(now);
  });

  it('refuses tomorrow and the day before it shipped, in the shop’s days', () => {
    expect(refusal(() => deliveryInstant('2026-11-28', shippedAt, now, LONDON))).toBe(DELIVERY_IN_FUTURE);
    expect(refusal(() => deliveryInstant('2026-11-23', shippedAt, now, LONDON))).toBe(deliveryBeforeShipping('2026-11-24'));
    // 05:00 UTC on the 28th is still the 27th in Los Angeles: the 28th is tomorrow there.
    const early = new Date('2026-11-28T05:00:00Z');
    expect(refusal(() => deliveryInstant('2026-11-28', shippedAt, early, LOS_ANGELES))).toBe(DELIVERY_IN_FUTURE);
    expect(refusal(() => deliveryInstant('2026-11-28', shippedAt, early, LONDON))).toBeNull();
    // Shipped at 23:30 UTC on the 24th, which is the 25th in London in summer time.
    const lateShipping = new Date('2026-06-24T23:30:00Z');
    const june = new Date('2026-06-27T10:00:00Z');
    expect(refusal(() => deliveryInstant('2026-06-24', lateShipping, june, LONDON))).toBe(deliveryBeforeShipping('2026-06-25'));
    expect(deliveryInstant('2026-06-25', lateShipping, june, LONDON)).toEqual(new Date('2026-06-25T11:00:00Z'));
  });
});

describe('the returns window', () => {
  const delivered = { deliveredAt: '2026-01-10T12:00:00.000Z' };
  const at = (iso: string) => new Date(iso);

  it('holds on the delivery day and day N, not on day N + 1', () => {
    expect(isWithinReturnWindow(delivered, 30, at('2026-01-10T12:00:00Z'), LONDON)).toBe(true);
    expect(isWithinReturnWindow(delivered, 30, at('2026-02-09T23:59:00Z'), LONDON)).toBe(true);
    expect(isWithinReturnWindow(delivered, 30, at('2026-02-10T00:00:00Z'), LONDON)).toBe(false);
    expect(isWithinReturnWindow(delivered, 365, at('2027-01-10T23:00:00Z'), LONDON)).toBe(true);
    expect(isWithinReturnWindow(delivered, 365, at('2027-01-11T00:00:00Z'), LONDON)).toBe(false);
    expect(isWithinReturnWindow({ deliveredAt: new Date('2026-01-10T12:00:00Z') }, 0, at('2026-01-10T23:00:00Z'), LONDON)).toBe(true);
  });

  it('counts the shop’s days, not UTC days', () => {
    // Delivered at 00:30 on 11 June in London (23:30 UTC on the 10th); 23:30 on 12 June in London is day 1 there, day 2 in UTC.
    const june = { deliveredAt: '2026-06-10T23:30:00.000Z' };
    expect(isWithinReturnWindow(june, 1, at('2026-06-12T22:30:00Z'), LONDON)).toBe(true);
    expect(isWithinReturnWindow(june, 1, at('2026-06-12T23:30:00Z'), LONDON)).toBe(false);
  });

  it('never holds for an order not delivered', () => {
    for (const order of [{}, { deliveredAt: null }])
      expect(isWithinReturnWindow(order, 365, at('2026-01-10T12:00:00Z'), LONDON)).toBe(false);
  });
});
