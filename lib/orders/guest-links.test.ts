import { guestOrderPath, guestOrderToken, guestOrderUrl, guestTokenOpens, guestTokenOrderId } from './guest-links';

/** A guest's order link (lib/orders/guest-links.ts): it opens its own order, for its own email, until it expires. */

const ORDER = '65f0c0ffee00000000000001';
const OTHER = '65f0c0ffee00000000000002';
const EMAIL = 'gina@example.com';
const PLACED = Date.UTC(2025, 2, 3, 10, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

const expiryOf = (token: string) => Number(token.split('.')[1]) * 1000;

describe('a guest order link', () => {
  // Made in each test (not when the file loads), so that the mutation run sees which tests use it.
  let token: string;
  beforeEach(() => {
    token = guestOrderToken(ORDER, EMAIL, PLACED);
  });

  it('names its order and expires 90 days after it was made', () => {
    expect(token.startsWith(`${ORDER}.`)).toBe(true);
    expect(guestTokenOrderId(token)).toBe(ORDER);
    expect(expiryOf(token)).toBe(PLACED + 90 * DAY);
  });

  it('opens its own order for its own email, whatever the case of the email', () => {
    expect(guestTokenOpens(token, ORDER, EMAIL, PLACED)).toBe(true);
    expect(guestTokenOpens(token, ORDER, 'Gina@Example.COM', PLACED)).toBe(true);
    expect(guestTokenOpens(token, ORDER, 'someone@example.com', PLACED)).toBe(false);
    expect(guestTokenOpens(token, OTHER, EMAIL, PLACED)).toBe(false);
  });

  it('opens nothing one moment past its expiry, and everything up to it', () => {
    const expiry = expiryOf(token);
    expect(guestTokenOpens(token, ORDER, EMAIL, expiry - 1)).toBe(true);
    expect(guestTokenOpens(token, ORDER, EMAIL, expiry)).toBe(true);
    expect(guestTokenOpens(token, ORDER, EMAIL, expiry + 1)).toBe(false);
    expect(guestTokenOpens(token, ORDER, EMAIL, expiry + DAY)).toBe(false);
  });

  it('opens nothing with a signature shortened, lengthened or changed by one character', () => {
    const signature = token.split('.')[2]!;
    const changed = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const broken of [token.slice(0, -1), `${token}A`, `${ORDER}.${token.split('.')[1]}.${changed}`]) {
      expect(guestTokenOpens(broken, ORDER, EMAIL, PLACED)).toBe(false);
    }
    // A signature cut down to nothing, or a token of the order id alone.
    expect(guestTokenOpens(`${ORDER}.${token.split('.')[1]}.`, ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens(ORDER, ORDER, EMAIL, PLACED)).toBe(false);
  });

  it('opens nothing with a later expiry written in, or a part added or missing', () => {
    const [id, expires, signature] = token.split('.') as [string, string, string];
    expect(guestTokenOpens(`${id}.${Number(expires) + 1}.${signature}`, ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens(`${id}.${expires}.${signature}.x`, ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens(`${id}..${signature}`, ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens(`${id}.${expires}x.${signature}`, ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens(`${id}.1${'0'.repeat(12)}.${signature}`, ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens(`${token}${'A'.repeat(200)}`, ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens('', ORDER, EMAIL, PLACED)).toBe(false);
    expect(guestTokenOpens(null, ORDER, EMAIL, PLACED)).toBe(false);
  });

  it('names no order unless it starts with an order id', () => {
    expect(guestTokenOrderId(`${ORDER.slice(1)}.1.x`)).toBeNull();
    expect(guestTokenOrderId(`${ORDER}0.1.x`)).toBeNull();
    expect(guestTokenOrderId(`x${ORDER}.1.x`)).toBeNull();
    expect(guestTokenOrderId(`${ORDER.toUpperCase()}.1.x`)).toBe(ORDER.toUpperCase());
    expect(guestTokenOrderId(undefined)).toBeNull();
  });

  it('is the path and address the emails carry', () => {
    const path = guestOrderPath(ORDER, EMAIL);
    expect(path).toMatch(new RegExp(`^/orders/${ORDER}\\?t=${ORDER}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(guestTokenOpens(path.split('?t=')[1], ORDER, EMAIL)).toBe(true);
    expect(guestOrderUrl(ORDER, EMAIL)).toMatch(new RegExp(`^http://localhost:3000/orders/${ORDER}\\?t=`));
  });
});
