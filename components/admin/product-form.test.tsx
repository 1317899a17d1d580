/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductForm } from '@/components/admin/product-form';
import { alertError, alertErrorWithLink } from '@/lib/client/alerts';
import type { PartDTO } from '@/lib/catalog/types';
import { CORE_CHARGE_TEXT, YEARS_REVERSED } from '@/lib/validations/parts';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock('@/lib/client/alerts', () => ({
  alertSuccess: jest.fn(async () => {}),
  alertError: jest.fn(async () => {}),
  alertErrorWithLink: jest.fn(async () => {}),
}));

const PART: PartDTO = {
  _id: '65f0c0ffee0000000000abcd',
  name: 'Ceramic Front Brake Pad Set',
  description: 'Low-dust ceramic pads with shims and wear sensors, made for quiet stops in city traffic.',
  price: 54.9,
  img: '/images/parts/ceramic-front-brake-pad-set.svg',
  category: 'brakes',
  brand: 'Stopline',
  partNumber: 'SL-BP-4465',
  oemNumbers: ['04465-02220', '04465-12610'],
  position: 'front',
  fitment: [
    {
      ...{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: '1.8L I4', notes: null },
      ...{ subModel: null, position: 'Front', quantity: 2, qualifiers: ['With 288 mm Front Rotors'] },
    },
    {
      ...{ make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2020, engine: null, notes: 'Sedan only' },
      ...{ subModel: null, position: null, quantity: null, qualifiers: [] },
    },
  ],
  fitWarnings: [],
  interchange: [],
  attributes: [],
  kitComponents: [],
  availableQuantity: 12,
  minimumQuantity: 2,
  unit: 'piece',
  weightKg: null,
  coreCharge: null,
  archived: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let sent: Array<{ url: string; method: string; body: Record<string, unknown> }>;

beforeEach(() => {
  sent = [];
  answers = {};
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (typeof init?.body === 'string') sent.push({ url, method, body: JSON.parse(init.body) });
    const answer =
      answers[`${method} ${url}`] ??
      (url === '/api/vehicles' ? { status: 200, body: { makes: ['Honda', 'Toyota'] } } : { status: 200, body: { models: [] } });
    return { ok: answer.status < 300, status: answer.status, text: async () => JSON.stringify(answer.body) } as Response;
  }) as typeof fetch;
});

const vehicle = (n: number) => within(screen.getByRole('listitem', { name: `Vehicle ${n}` }));

/** The error shown for an input: the element its aria-describedby points to. */
function errorOf(input: HTMLElement) {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('ProductForm (edit)', () => {
  it("starts from the part's catalog fields and fitment rows", async () => {
    render(<ProductForm part={PART} />);
    expect(screen.getByLabelText('Category')).toHaveValue('brakes');
    expect(screen.getByLabelText('Position (optional)')).toHaveValue('front');
    expect(screen.getByLabelText('Brand')).toHaveValue('Stopline');
    expect(screen.getByLabelText('Part number')).toHaveValue('SL-BP-4465');
    expect(screen.getByLabelText('OEM numbers')).toHaveValue('04465-02220, 04465-12610');
    expect(within(screen.getByRole('list', { name: 'Fitment rows' })).getAllByRole('listitem')).toHaveLength(2);
    expect(vehicle(1).getByLabelText('Make')).toHaveValue('Toyota');
    expect(vehicle(1).getByLabelText('From year')).toHaveValue(2014);
    expect(vehicle(1).getByLabelText('Engine (optional)')).toHaveValue('1.8L I4');
    expect(vehicle(2).getByLabelText('Model')).toHaveValue('Civic');
    expect(vehicle(2).getByLabelText('Notes (optional)')).toHaveValue('Sedan only');
    await waitFor(() => expect(global.fetch).toHaveBeenCalledWith('/api/vehicles', expect.anything()));
  });

  it("sends an imported row's position, quantity and qualifiers back as they were", async () => {
    const user = userEvent.setup();
    answers[`PUT /api/parts/${PART._id}`] = { status: 200, body: { success: true, message: 'Product updated' } };
    render(<ProductForm part={PART} />);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const [imported, hand] = sent[0]!.body.fitment as Record<string, unknown>[];
    expect(imported).toMatchObject({ position: 'Front', quantity: 2, qualifiers: ['With 288 mm Front Rotors'] });
    expect(hand).toMatchObject({ make: 'Honda', qualifiers: [] });
    expect([hand!.position, hand!.quantity]).toEqual([undefined, undefined]);
  });

  it('refuses a year range that runs backwards under its row, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<ProductForm part={PART} />);
    const to = vehicle(2).getByLabelText('To year');
    await user.clear(to);
    await user.type(to, '2012');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf(to)).toBe(YEARS_REVERSED));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(vehicle(1).getByLabelText('To year'))).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('adds and removes rows, sends the catalog fields (emptied ones blank), and shows a server message under its cell', async () => {
    const user = userEvent.setup();
    answers[`PUT /api/parts/${PART._id}`] = {
      status: 400,
      body: { error: 'Flux is not a Mazda model', fieldErrors: { 'fitment.1.model': ['Flux is not a Mazda model in the vehicle list'] } },
    };
    render(<ProductForm part={PART} />);
    await user.click(screen.getByRole('button', { name: 'Remove vehicle 1' }));
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await user.type(vehicle(2).getByLabelText('Make'), 'Mazda');
    await user.type(vehicle(2).getByLabelText('Model'), 'Flux');
    await user.type(vehicle(2).getByLabelText('From year'), '2015');
    await user.type(vehicle(2).getByLabelText('To year'), '2017');
    const oem = screen.getByLabelText('OEM numbers');
    await user.clear(oem);
    await user.type(oem, '04465-02220,  45022-ABC');
    // Emptied optional fields go as '' so the server clears them (left out, it would keep them).
    await user.selectOptions(screen.getByLabelText('Position (optional)'), '');
    await user.clear(screen.getByLabelText('Brand'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(errorOf(vehicle(2).getByLabelText('Model'))).toBe('Flux is not a Mazda model in the vehicle list'));
    // The alert points to the page where the admin adds the vehicle.
    expect(alertErrorWithLink).toHaveBeenCalledWith(
      'Something was Wrong, please try again',
      'Fitment row 2, model: Flux is not a Mazda model in the vehicle list',
      { href: '/dashboard/vehicles', label: 'Add it on the Vehicles page' },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      category: 'brakes',
      brand: '',
      position: '',
      partNumber: 'SL-BP-4465',
      oemNumbers: ['04465-02220', '45022-ABC'],
      fitment: [
        { make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2020, notes: 'Sedan only' },
        { make: 'Mazda', model: 'Flux', yearFrom: 2015, yearTo: 2017 },
      ],
      expectedAvailableQuantity: 12,
    });
  });
});

describe('ProductForm (refusals)', () => {
  it('alerts a refusal outside the vehicle list without the link to the Vehicles page', async () => {
    const user = userEvent.setup();
    jest.mocked(alertErrorWithLink).mockClear();
    answers[`PUT /api/parts/${PART._id}`] = {
      status: 400,
      body: { error: 'This part number is taken', fieldErrors: { partNumber: ['This part number is taken'] } },
    };
    render(<ProductForm part={PART} />);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(alertError).toHaveBeenCalledWith('Something was Wrong, please try again', 'Part number: This part number is taken'),
    );
    expect(alertErrorWithLink).not.toHaveBeenCalled();
  });
});

describe('ProductForm (shipping weight)', () => {
  it('sends the weight in kg, null once emptied, and refuses one under a gram under its input', async () => {
    const user = userEvent.setup();
    answers[`PUT /api/parts/${PART._id}`] = { status: 200, body: { success: true, message: 'Product updated' } };
    render(<ProductForm part={{ ...PART, weightKg: 1.25 }} />);
    const weight = screen.getByLabelText('Shipping weight (kg, optional)');
    expect(weight).toHaveValue(1.25);
    await user.clear(weight);
    await user.type(weight, '0.0001');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf(weight)).toBe('Weight must be at least 0.001 kg (1 g)'));
    expect(sent).toHaveLength(0);
    await user.clear(weight);
    await user.type(weight, '2.4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.weightKg).toBe(2.4);
    await user.clear(weight);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body.weightKg).toBeNull();
  });
});

describe('ProductForm (core charge)', () => {
  it('sends the core charge in dollars, null once emptied, and refuses a fraction of a cent under its input', async () => {
    const user = userEvent.setup();
    answers[`PUT /api/parts/${PART._id}`] = { status: 200, body: { success: true, message: 'Product updated' } };
    render(<ProductForm part={{ ...PART, coreCharge: 45 }} />);
    const charge = screen.getByLabelText('Core charge ($, optional)');
    expect(charge).toHaveValue(45);
    await user.clear(charge);
    await user.type(charge, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf(charge)).toBe(CORE_CHARGE_TEXT.cents));
    expect(sent).toHaveLength(0);
    await user.clear(charge);
    await user.type(charge, '60.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.coreCharge).toBe(60.5);
    await user.clear(charge);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body.coreCharge).toBeNull();
  });
});

describe('ProductForm (add)', () => {
  it('empties every field after a product is added, the OEM numbers and fitment rows too', async () => {
    const user = userEvent.setup();
    answers['POST /api/parts'] = { status: 201, body: { success: true, message: 'Product added successfully', insertedId: 'x' } };
    render(<ProductForm />);
    await user.type(screen.getByLabelText('Name'), 'Rear Wiper Blade');
    await user.type(screen.getByLabelText('Price ($)'), '9.5');
    await user.type(screen.getByLabelText('Available quantity'), '30');
    await user.type(screen.getByLabelText('Minimum quantity'), '1');
    await user.type(screen.getByLabelText('Description'), 'A rear wiper blade with a winter-proof rubber edge that clears the glass.');
    await user.selectOptions(screen.getByLabelText('Category'), 'wipers');
    await user.type(screen.getByLabelText('OEM numbers'), '85242-12210');
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await user.type(vehicle(1).getByLabelText('Make'), 'Toyota');
    await user.type(vehicle(1).getByLabelText('Model'), 'Corolla');
    await user.type(vehicle(1).getByLabelText('From year'), '2014');
    await user.type(vehicle(1).getByLabelText('To year'), '2019');
    // The image comes from an upload; a stored URL stands in for it here.
    answers['POST /api/uploads'] = { status: 200, body: { data: { url: '/uploads/11111111-2222-3333-4444-555555555555.png' } } };
    await user.upload(screen.getByLabelText('Image'), new File(['png'], 'blade.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(sent.find((request) => request.url === '/api/parts')?.body).toMatchObject({
      category: 'wipers',
      oemNumbers: ['85242-12210'],
      fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 }],
    });
    expect(screen.getByLabelText('OEM numbers')).toHaveValue('');
    expect(screen.queryAllByRole('listitem', { name: /^Vehicle/ })).toHaveLength(0);
  });
});

describe('ProductForm (interchange numbers)', () => {
  const number = (n: number) => within(screen.getByRole('listitem', { name: `Interchange number ${n}` }));
  const WITH_NUMBERS: PartDTO = { ...PART, interchange: [{ kind: 'oe', brand: 'Toyota', number: '04465-02220' }] };

  it('starts from the stored numbers, adds one, and sends them all with their kind and brand', async () => {
    const user = userEvent.setup();
    answers[`PUT /api/parts/${PART._id}`] = { status: 200, body: { success: true, message: 'Product updated' } };
    render(<ProductForm part={WITH_NUMBERS} />);
    expect(number(1).getByLabelText('Kind')).toHaveValue('oe');
    expect(number(1).getByLabelText('Brand (optional)')).toHaveValue('Toyota');
    expect(number(1).getByLabelText('Number')).toHaveValue('04465-02220');
    await user.click(screen.getByRole('button', { name: 'Add a number' }));
    await user.selectOptions(number(2).getByLabelText('Kind'), 'aftermarket');
    await user.type(number(2).getByLabelText('Brand (optional)'), 'Bosch');
    await user.type(number(2).getByLabelText('Number'), '0 986 494 104');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.interchange).toEqual([
      { kind: 'oe', brand: 'Toyota', number: '04465-02220' },
      { kind: 'aftermarket', brand: 'Bosch', number: '0 986 494 104' },
    ]);
  });

  it('refuses a blank number or one with other characters under its input, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<ProductForm part={WITH_NUMBERS} />);
    await user.click(screen.getByRole('button', { name: 'Add a number' }));
    const bad = number(1).getByLabelText('Number');
    await user.clear(bad);
    await user.type(bad, '04465#02220');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf(bad)).toBe('Interchange number has letters, digits, spaces, dashes, dots or slashes only'));
    expect(errorOf(number(2).getByLabelText('Number'))).toBe('Interchange number is Required');
    expect(sent).toEqual([]);
  });

  it('removes a number, and shows a server message under its cell', async () => {
    const user = userEvent.setup();
    answers[`PUT /api/parts/${PART._id}`] = {
      status: 400,
      body: { error: 'Invalid input', fieldErrors: { 'interchange.0.number': ['Interchange number is too long'] } },
    };
    render(
      <ProductForm part={{ ...WITH_NUMBERS, interchange: [...WITH_NUMBERS.interchange, { kind: 'oe', brand: null, number: '1' }] }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove interchange number 2' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf(number(1).getByLabelText('Number'))).toBe('Interchange number is too long'));
    expect(sent[0]!.body.interchange).toEqual([{ kind: 'oe', brand: 'Toyota', number: '04465-02220' }]);
  });
});
