/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportMappingsForm } from '@/components/imports/import-mappings-form';
import { DUPLICATE_BRAND_ID, POSITION_NAME_REQUIRED } from '@/lib/validations/import-mappings';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock('@/lib/client/alerts', () => ({ alertSuccess: jest.fn(async () => {}), alertError: jest.fn(async () => {}) }));

let sent: Array<{ url: string; method: string; body: unknown }>;
beforeEach(() => {
  sent = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
    return { ok: true, status: 200, text: async () => String(init?.body) } as Response;
  }) as typeof fetch;
});

const initial = { priceType: 'RET', brands: [{ aaiaId: 'BQXT', brand: 'Synthetic Friction' }], categories: [], positions: [] };

it('adds a brand, a part type and a position and saves the whole tables, ids upper-cased', async () => {
  const user = userEvent.setup();
  render(<ImportMappingsForm initial={initial} />);
  await user.click(screen.getByRole('button', { name: 'Add brand' }));
  await user.type(screen.getByLabelText('Brand id 2'), 'bqxw');
  await user.type(screen.getAllByLabelText("Shop's brand")[1]!, 'Synthetic Filters');
  await user.click(screen.getByRole('button', { name: 'Add part type' }));
  await user.type(screen.getByLabelText('Part type 1'), '1684');
  await user.selectOptions(screen.getByLabelText('Category'), 'Brakes');
  await user.click(screen.getByRole('button', { name: 'Add position' }));
  await user.type(screen.getByLabelText('Position id 1'), '22');
  await user.type(screen.getByLabelText('Position name'), ' Front ');
  await user.click(screen.getByRole('button', { name: 'Save mappings' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    url: '/api/admin/import-mappings',
    method: 'PUT',
    body: {
      priceType: 'RET',
      brands: [
        { aaiaId: 'BQXT', brand: 'Synthetic Friction' },
        { aaiaId: 'BQXW', brand: 'Synthetic Filters' },
      ],
      categories: [{ partTypeId: 1684, category: 'brakes' }],
      positions: [{ positionId: 22, name: 'Front' }],
    },
  });
});

it('says a brand id is already in the table and sends nothing', async () => {
  const user = userEvent.setup();
  render(<ImportMappingsForm initial={initial} />);
  await user.click(screen.getByRole('button', { name: 'Add brand' }));
  await user.type(screen.getByLabelText('Brand id 2'), 'bqxt');
  await user.type(screen.getAllByLabelText("Shop's brand")[1]!, 'Again');
  await user.click(screen.getByRole('button', { name: 'Save mappings' }));
  expect(await screen.findByText(DUPLICATE_BRAND_ID)).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

it('says a position needs a name and sends nothing', async () => {
  const user = userEvent.setup();
  render(<ImportMappingsForm initial={initial} />);
  await user.click(screen.getByRole('button', { name: 'Add position' }));
  await user.type(screen.getByLabelText('Position id 1'), '22');
  await user.click(screen.getByRole('button', { name: 'Save mappings' }));
  expect(await screen.findByText(POSITION_NAME_REQUIRED)).toBeInTheDocument();
  expect(screen.getByLabelText('Position name')).toHaveAccessibleDescription(POSITION_NAME_REQUIRED);
  expect(sent).toHaveLength(0);
});
