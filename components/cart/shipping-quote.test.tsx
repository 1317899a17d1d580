/** @jest-environment jsdom */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ShippingQuote } from '@/components/cart/shipping-quote';
import type { Quote, SavedQuote } from '@/components/cart/types';

// React asks for this flag before it lets act() flush a root's work.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const quote = (total: number): Quote => ({
  subtotal: 40,
  discount: 0,
  tax: 4.8,
  total,
  currency: 'usd',
  taxLabel: 'VAT',
  region: null,
  discountCode: null,
  lines: [],
  methods: [
    { id: 'standard', label: 'Standard', amount: 8, estimate: { minDays: 2, maxDays: 4, by: '2026-12-04' }, discount: 0, tax: 4.8, total },
  ],
});
const saved: SavedQuote = { destination: { country: 'IS', postalCode: '101' }, quote: quote(52.8) };

/** The quote calls the browser makes, answered with `answer`. */
function answerQuotes(answer: Quote) {
  const calls: unknown[] = [];
  globalThis.fetch = jest.fn(async (_url: unknown, init?: RequestInit) => {
    calls.push(JSON.parse(String(init?.body)));
    return { ok: true, status: 200, text: async () => JSON.stringify(answer) };
  }) as unknown as typeof fetch;
  return calls;
}

/** The server's HTML in a page, then hydrated, and left to its effects. */
async function serverThenHydrated(version: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ShippingQuote version={version} saved={saved} />);
  document.body.append(container);
  const inHtml = container.querySelectorAll('[data-testid="quote-method"]').length;
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <ShippingQuote version={version} saved={saved} />);
  });
  return { container, root: root!, inHtml };
}

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'pm_destination=; Max-Age=0; Path=/';
});

describe('ShippingQuote with the quote the server made for the kept destination', () => {
  it("is in the server's HTML, and the browser does not ask for it again", async () => {
    const calls = answerQuotes(quote(52.8));
    const { container, root, inHtml } = await serverThenHydrated('a:1:40');
    expect(inHtml).toBe(1);
    expect(container.querySelector('[data-testid="quote-total"]')?.textContent).toBe('$52.80');
    expect((container.querySelector('#quote-country') as HTMLSelectElement).value).toBe('IS');
    expect((container.querySelector('#quote-postcode') as HTMLInputElement).value).toBe('101');
    expect(calls).toEqual([]);
    await act(async () => root.unmount());
  });

  it('asks again when the cart changes, and keeps the destination in its cookie', async () => {
    const calls = answerQuotes(quote(92.8));
    const { container, root } = await serverThenHydrated('a:1:40');
    await act(async () => {
      root.render(<ShippingQuote version="a:2:40" saved={saved} />);
    });
    expect(calls).toEqual([{ country: 'IS', postalCode: '101' }]);
    expect(container.querySelector('[data-testid="quote-total"]')?.textContent).toBe('$92.80');
    expect(document.cookie).toContain(`pm_destination=${encodeURIComponent(JSON.stringify({ country: 'IS', postalCode: '101' }))}`);
    await act(async () => root.unmount());
  });
});
