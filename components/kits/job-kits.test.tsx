/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobKits } from '@/components/kits/job-kits';
import type { KitsAnswer } from '@/lib/kits/types';

const vehicle = { year: 2015, make: 'Toyota', model: 'Corolla', engine: null };
const pads = { _id: '65f0c0ffee0000000000aaaa', name: 'Ceramic Front Brake Pad Set', brand: 'Stopline', partNumber: null, img: null };

const ANSWER: KitsAnswer = {
  vehicle,
  destination: null,
  kits: [
    {
      _id: '5eedc0de00000000000a0001',
      name: 'Front brake job',
      complete: false,
      goods: 54.9,
      shipping: null,
      tax: null,
      total: 54.9,
      note: 'shipping calculated at checkout',
      lines: [
        {
          label: 'Front brake pads',
          quantity: 1,
          part: { ...pads, unit: 'set', price: 54.9, fit: 'fits', fitment: [] },
          lineTotal: 54.9,
          missing: null,
        },
        { label: 'Front wear sensor', quantity: 1, part: null, lineTotal: 0, missing: 'no-fitting-part' },
      ],
    },
  ],
};

let sent: Array<{ url: string; method: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
    const body = String(url).startsWith('/api/kits') ? ANSWER : { lines: [], count: 1, lineCount: 1, subtotal: 54.9, currency: 'usd' };
    return { ok: true, status: 200, headers: new Headers(), text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

describe('JobKits', () => {
  it("asks for the vehicle's jobs and shows each line's part, the missing one and the total", async () => {
    render(<JobKits vehicle={vehicle} />);
    const section = await screen.findByRole('region', { name: 'Jobs for your 2015 Toyota Corolla' });
    expect(sent[0]!.url).toBe('/api/kits?year=2015&make=Toyota&model=Corolla');
    const job = within(section).getByRole('group', { name: 'Front brake job' });
    expect(within(job).getByRole('link', { name: 'Stopline Ceramic Front Brake Pad Set' })).toHaveAttribute('href', `/parts/${pads._id}`);
    expect(within(job).getByText('No part in the shop fits')).toBeInTheDocument();
    expect(within(job).getByTestId('kit-total')).toHaveTextContent('$54.90');
    expect(within(job).getByText('Parts $54.90, shipping calculated at checkout')).toBeInTheDocument();
  });

  it('adds every proposed line in one request with the vehicle', async () => {
    render(<JobKits vehicle={vehicle} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add all to cart: Front brake job' }));
    const posts = sent.filter((call) => call.method === 'POST');
    expect(posts).toEqual([{ url: '/api/cart/lines', method: 'POST', body: { lines: [{ partId: pads._id, quantity: 1 }], vehicle } }]);
  });
});
