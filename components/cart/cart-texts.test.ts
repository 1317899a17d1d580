import { formatDay, isBlocked, leftInGuestCartText, priceOrFree, problemText } from '@/components/cart/cart-texts';
import type { CartLine } from '@/components/cart/types';

const line: CartLine = {
  partId: 'a'.repeat(24),
  name: 'Vented Front Brake Rotor',
  img: '/images/parts/vented-front-brake-rotor-300-mm.svg',
  brand: 'Stopline',
  partNumber: 'SL-BR-3001',
  category: 'brakes',
  unit: 'piece',
  unitPrice: 72,
  addedPrice: 68.5,
  quantity: 2,
  minimumQuantity: 2,
  availableQuantity: 1,
  lineTotal: 144,
  weightKg: 9,
  core: null,
  problems: [],
};

describe('the cart texts', () => {
  it('tells how many lines of the guest cart wait there, one or several', () => {
    expect(leftInGuestCartText(1, 50)).toBe(
      '1 part from the cart you filled before signing in did not fit: a cart holds at most 50 different parts. Remove some to bring it in.',
    );
    expect(leftInGuestCartText(4, 50)).toBe(
      '4 parts from the cart you filled before signing in did not fit: a cart holds at most 50 different parts. Remove some to bring them in.',
    );
  });

  it('says how a price changed since the line was added, with both prices', () => {
    expect(problemText('price-raised', line)).toBe('The price went up from $68.50 to $72.00 since you added it.');
    expect(problemText('price-lowered', { ...line, unitPrice: 60 })).toBe('The price went down from $68.50 to $60.00 since you added it.');
  });

  it('names the stock left, the minimum order and an unavailable part in plain words', () => {
    expect(problemText('over-stock', line)).toBe('Only 1 left in stock.');
    expect(problemText('over-stock', { ...line, availableQuantity: 0 })).toBe('Out of stock right now.');
    expect(problemText('below-minimum', line)).toBe('The minimum order is 2 pieces.');
    expect(problemText('unavailable', line)).toBe('This part is no longer available. Remove it to check out.');
  });

  it('stops a checkout for stock, minimum and availability, never for a price change alone', () => {
    expect(isBlocked({ ...line, problems: ['price-raised'] })).toBe(false);
    expect(isBlocked({ ...line, problems: ['price-lowered'] })).toBe(false);
    for (const problem of ['unavailable', 'below-minimum', 'over-stock'] as const)
      expect(isBlocked({ ...line, problems: [problem] })).toBe(true);
  });

  it('writes arrival days and free shipping for people', () => {
    expect(formatDay('2026-12-01')).toBe('Tue, Dec 1');
    expect(priceOrFree(0)).toBe('Free');
    expect(priceOrFree(6)).toBe('$6.00');
  });
});
