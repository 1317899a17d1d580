import { checkCard, expiryProblem } from '@/lib/payments/cards';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('expiryProblem', () => {
  it('accepts MM/YY, MM/YYYY and the same digits typed without the slash', () => {
    for (const expiry of ['12/29', '12 / 29', '12/2029', '1229', '122029', '1/27']) expect(expiryProblem(expiry, NOW)).toBeNull();
  });

  it('reads "1229" as December 2029 and "1126" as this month, "1026" as the past', () => {
    expect(expiryProblem('1126', NOW)).toBeNull();
    expect(expiryProblem('1026', NOW)).toBe("Your card's expiration year is in the past.");
    expect(expiryProblem('1329', NOW)).toBe("Your card's expiration month is invalid.");
  });

  it('refuses what is not a date', () => {
    for (const expiry of ['', '12', '122', '12/2', '12345', 'ab/cd'])
      expect(expiryProblem(expiry, NOW)).toBe("Your card's expiration date is incomplete.");
  });
});

describe('checkCard', () => {
  it('takes the test card with the expiry typed as 1229', () => {
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '1229', cvc: '123' }, NOW)).toEqual({ ok: true });
  });
});
