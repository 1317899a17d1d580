/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobKits } from '@/components/kits/job-kits';
import { FIT_QUESTION_TEXT as T } from '@/lib/catalog/fit-questions';
import type { KitsAnswer, ProposedFitRow, ProposedKit } from '@/lib/kits/types';

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
/** What GET /api/kits answers for a URL. */
let kitsFor: (url: string) => KitsAnswer;

beforeEach(() => {
  sent = [];
  kitsFor = () => ANSWER;
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
    const body = String(url).startsWith('/api/kits')
      ? kitsFor(String(url))
      : { lines: [], count: 1, lineCount: 1, subtotal: 54.9, currency: 'usd' };
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

describe("JobKits asking a line's fit questions", () => {
  const rotors288 = 'With 288 mm front rotors';
  const rotors320 = 'With 320 mm front rotors';
  const rowWith = (qualifier: string): ProposedFitRow => ({
    make: 'Toyota',
    model: 'Corolla',
    yearFrom: 2014,
    yearTo: 2019,
    engine: null,
    subModel: null,
    notes: null,
    position: null,
    quantity: null,
    qualifiers: [qualifier],
  });
  const small = { ...pads, _id: '65f0c0ffee0000000000bbbb', name: 'Small Rotor Pad Set' };
  const large = { ...pads, _id: '65f0c0ffee0000000000cccc', name: 'Large Rotor Pad Set' };
  const kitWith = (part: typeof pads, price: number, qualifier: string): KitsAnswer => {
    const proposed = { ...part, unit: 'set', price, fit: 'fits' as const, fitment: [rowWith(qualifier)] };
    const kit: ProposedKit = {
      ...ANSWER.kits[0]!,
      complete: true,
      goods: price,
      total: price,
      lines: [{ label: 'Front brake pads', quantity: 1, part: proposed, lineTotal: price, missing: null }],
    };
    return { ...ANSWER, kits: [kit] };
  };
  const job = async () =>
    within(await screen.findByRole('region', { name: 'Jobs for your 2015 Toyota Corolla' })).getByRole('group', {
      name: 'Front brake job',
    });
  const addAll = () => screen.getByRole('button', { name: 'Add all to cart: Front brake job' });

  it('asks before the line says Fits, and sends the answers with the line', async () => {
    kitsFor = () => kitWith(small, 40, rotors288);
    const user = userEvent.setup();
    render(<JobKits vehicle={vehicle} />);
    const question = within(await job()).getByRole('group', { name: T.qualifier });
    expect(
      within(question)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([rotors288, T.noneOfThese, T.notSure]);
    expect(screen.queryByTestId('fit-badge')).not.toBeInTheDocument();
    expect(addAll()).toBeDisabled();

    await user.click(within(question).getByRole('radio', { name: rotors288 }));
    expect(screen.getByTestId('fit-badge')).toHaveTextContent('Fits your 2015 Toyota Corolla');
    expect(screen.getByTestId('fit-confirmation')).toHaveTextContent('confirmed for 2015 Toyota Corolla, with 288 mm front rotors');
    await user.click(addAll());
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { lines: [{ partId: small._id, quantity: 1, fit: { vehicle, answers: [rotors288] } }], vehicle },
    ]);
  });

  it('asks the server for the next part once the answers rule the proposed one out, and asks its question afresh', async () => {
    kitsFor = (url) =>
      new URL(url, 'http://shop').searchParams.get('answers') ? kitWith(large, 55, rotors320) : kitWith(small, 40, rotors288);
    const user = userEvent.setup();
    render(<JobKits vehicle={vehicle} />);
    await user.click(within(within(await job()).getByRole('group', { name: T.qualifier })).getByRole('radio', { name: T.noneOfThese }));
    expect(await screen.findByRole('link', { name: 'Stopline Large Rotor Pad Set' })).toBeInTheDocument();
    const asked = new URL(sent.at(-1)!.url, 'http://shop').searchParams.get('answers');
    expect(JSON.parse(asked!)).toEqual({ [small._id]: [T.noneOfThese] });
    expect(screen.getByTestId('kit-total')).toHaveTextContent('$55.00');
    const question = within(await job()).getByRole('group', { name: T.qualifier });
    expect(within(question).getByRole('radio', { name: rotors320 })).not.toBeChecked();
    expect(addAll()).toBeDisabled();
  });

  it("shows the server's refusal of a line on that line", async () => {
    kitsFor = () => kitWith(small, 40, rotors288);
    const message = `Small Rotor Pad Set: ${T.doesNotFit}`;
    const user = userEvent.setup();
    render(<JobKits vehicle={vehicle} />);
    await user.click(within(within(await job()).getByRole('group', { name: T.qualifier })).getByRole('radio', { name: rotors288 }));
    globalThis.fetch = jest.fn(async () => ({
      ok: false,
      status: 400,
      headers: new Headers(),
      text: async () => JSON.stringify({ error: message, fieldErrors: { 'lines.0.fit.answers': [message] } }),
    })) as unknown as typeof fetch;
    await user.click(addAll());
    expect(within(screen.getByRole('listitem')).getByRole('alert')).toHaveTextContent(message);
  });
});
