/**
 * The destination of a quote and a checkout, as the postal system writes it: postcodes checked per
 * country, the US state and the Canadian province taken from the postcode (a typed one that contradicts
 * it refused), and the tax rate of that region, with three decimals, to the cent.
 */
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as quoteRoute } from '@/app/api/checkout/quote/route';
import type { UserDTO } from '@/lib/auth/users';
import { Order, OrderIntent, Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeTaxRate, makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';

let customer: UserDTO;
let part: string;
let north: { standard: string };

const ADDRESS = { name: 'Nora North', line1: '350 Fifth Avenue', city: 'New York' };
const PHONE = '+1 212 555 0100';

beforeAll(async () => {
  customer = await makeUser({ name: 'Nora North' });
  // $6 Standard, never free, to the United States and Canada; $6 to the United Kingdom and Germany.
  north = await makeZone({ name: 'North America', countries: ['US', 'CA'], freeOverCents: null });
  await makeZone({ name: 'Europe', countries: ['GB', 'DE'], freeOverCents: null });
  await makeTaxRate('US', 8.875, true, 'NY', 'Sales tax');
  await makeTaxRate('US', 6.625, false, 'NJ', 'Sales tax');
  await makeTaxRate('CA', 14.975, true, 'QC', 'GST + QST');
  part = await makePart({ price: 100, stock: 50, weightKg: 1 });
  expect(
    (await callRoute(addLineRoute, '/api/cart/lines', { method: 'POST', as: customer, body: { partId: part, quantity: 1 } })).status,
  ).toBe(201);
});

const quote = (body: Record<string, unknown>) => callRoute(quoteRoute, '/api/checkout/quote', { method: 'POST', as: customer, body });
const checkout = (address: Record<string, unknown>, shippingMethod = north.standard) =>
  callRoute(checkoutRoute, '/api/checkout', {
    method: 'POST',
    as: customer,
    body: { address: { ...ADDRESS, ...address }, phone: PHONE, shippingMethod },
  });
const standardOf = (body: { methods: Array<{ id: string; tax: number; total: number }> }) =>
  body.methods.find((method) => method.id === north.standard)!;

describe('the quote', () => {
  it.each([
    [{ country: 'US', postalCode: 'ABC' }, 'postalCode', 'Enter a US ZIP code like 12345 or 12345-6789'],
    [{ country: 'GB', postalCode: '12345' }, 'postalCode', 'Enter a UK postcode like SW1A 1AA'],
    [{ country: 'DE', postalCode: 'SW1A 1AA' }, 'postalCode', 'Enter a postcode for Germany like 10115'],
    [
      { country: 'US', postalCode: '10001', region: 'OR' },
      'region',
      'ZIP code 10001 is in New York (NY): correct the state or the ZIP code',
    ],
    [
      { country: 'US', postalCode: '10001', region: 'XX' },
      'region',
      'ZIP code 10001 is in New York (NY): correct the state or the ZIP code',
    ],
    [
      { country: 'CA', postalCode: 'H2X 1Y4', region: 'ON' },
      'region',
      'Postal code H2X 1Y4 is in Quebec (QC): correct the province or the postal code',
    ],
  ])('refuses %j with 400, naming what is expected', async (destination, field, message) => {
    const res = await quote(destination);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, fieldErrors: { [field]: [message] } });
  });

  it("charges the ZIP code's state, whatever the buyer typed or left out, at its three-decimal rate", async () => {
    // $100 + $6 Standard; New York City's 8.875% on both: $8.875 rounds to $8.88, $0.5325 to $0.53.
    for (const region of [undefined, 'NY', 'ny', 'New York']) {
      const res = await quote({ country: 'US', postalCode: '10001', ...(region ? { region } : {}) });
      expect([region, res.status, res.body.region, res.body.taxLabel]).toEqual([region, 200, 'NY', 'Sales tax']);
      expect(standardOf(res.body)).toMatchObject({ amount: 6, tax: 9.41, total: 115.41 });
    }
    // New Jersey's 6.625% on the goods alone: $6.625 rounds to $6.63.
    const nj = await quote({ country: 'US', postalCode: '07001' });
    expect(nj.body.region).toBe('NJ');
    expect(standardOf(nj.body)).toMatchObject({ tax: 6.63, total: 112.63 });
    // A state without a rate of the shop's is not taxed.
    const oregon = await quote({ country: 'US', postalCode: '97201' });
    expect(oregon.body.region).toBe('OR');
    expect(standardOf(oregon.body)).toMatchObject({ tax: 0, total: 106 });
  });

  it("charges the postal code's Canadian province", async () => {
    // Quebec's 14.975% on $106: $14.975 rounds to $14.98, $0.8985 to $0.90.
    const res = await quote({ country: 'CA', postalCode: 'h2x1y4' });
    expect(res.body.region).toBe('QC');
    expect(standardOf(res.body)).toMatchObject({ tax: 15.88, total: 121.88 });
  });
});

describe('the checkout', () => {
  it.each([
    [{ country: 'US', postalCode: 'ABC' }, 'address.postalCode', 'Enter a US ZIP code like 12345 or 12345-6789'],
    [{ country: 'US', postalCode: '00000' }, 'address.postalCode', '00000 is not in use: enter a US ZIP code like 12345 or 12345-6789'],
    [{ country: 'GB', postalCode: '12345' }, 'address.postalCode', 'Enter a UK postcode like SW1A 1AA'],
    [
      { country: 'US', postalCode: '10001', region: 'OR' },
      'address.region',
      'ZIP code 10001 is in New York (NY): correct the state or the ZIP code',
    ],
  ])('refuses %j with 400 and places nothing', async (address, field, message) => {
    const before = { orders: await Order.countDocuments(), intents: await OrderIntent.countDocuments() };
    const res = await checkout(address);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, fieldErrors: { [field]: [message] } });
    expect({ orders: await Order.countDocuments(), intents: await OrderIntent.countDocuments() }).toEqual(before);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(50);
  });

  it("stores the ZIP code's state in the address and charges its tax", async () => {
    const quoted = standardOf((await quote({ country: 'US', postalCode: '10001-1234' })).body);
    const res = await checkout({ country: 'us', postalCode: '10001-1234' });
    expect(res.status).toBe(201);
    expect(res.body.total).toBe(quoted.total);
    const order = await Order.findById(res.body.orderId).lean();
    expect(order).toMatchObject({
      shippingAddress: { country: 'US', postalCode: '10001-1234', region: 'NY' },
      taxCents: 941,
      totalCents: 11_541,
    });
    expect(order!.address).toContain('New York, NY, 10001-1234, US');
  });
});
