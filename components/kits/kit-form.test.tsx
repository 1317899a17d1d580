/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KitForm, type EditedKit } from '@/components/kits/kit-form';
import { KIT_LINE_NEEDS_TYPE, MAX_KIT_ALTERNATIVES } from '@/lib/validations/kits';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock('@/lib/client/alerts', () => ({ alertError: jest.fn(async () => {}) }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn() } }));

let sent: Array<{ url: string; method: string; body: unknown }>;
beforeEach(() => {
  sent = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
    return { ok: true, status: 200, text: async () => JSON.stringify({ _id: 'k1' }) } as Response;
  }) as typeof fetch;
});

const rotors = { label: 'Rear rotors or drums', partTypeId: 1896, category: 'brakes', keyword: 'rotor', position: 'rear', quantity: 2 };
const drums = { partTypeId: 1105, category: 'brakes', keyword: 'drum', position: 'rear' } as const;
const kit: EditedKit = {
  _id: '5eedc0de00000000000a0002',
  name: 'Rear brake job',
  position: 1,
  lines: [{ ...rotors, category: 'brakes', perCylinder: false, alternatives: [drums] }],
};

const alternative = (line: number, index: number) => screen.getByRole('group', { name: `Line ${line}, alternative ${index}` });

it("adds an alternative to a line and sends it after the line's own kind", async () => {
  const user = userEvent.setup();
  render(<KitForm />);
  await user.type(screen.getByLabelText('Job name'), 'Rear brake job');
  await user.type(screen.getByLabelText('Label'), 'Rear pads or shoes');
  const [ownType] = screen.getAllByLabelText('Part type (PCdb id)');
  await user.type(ownType!, '1684');
  await user.type(screen.getAllByLabelText('Position')[0]!, 'rear');
  await user.click(screen.getByRole('button', { name: 'Add an alternative to line 1' }));
  const shoes = alternative(1, 1);
  await user.type(within(shoes).getByLabelText('Part type (PCdb id)'), '1104');
  await user.selectOptions(within(shoes).getByLabelText('Category'), 'Brakes');
  await user.type(within(shoes).getByLabelText('Word in the name'), 'shoe');
  await user.type(within(shoes).getByLabelText('Position'), 'rear');
  await user.click(screen.getByRole('button', { name: 'Add job' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    url: '/api/admin/kits',
    method: 'POST',
    body: {
      name: 'Rear brake job',
      position: 0,
      lines: [
        {
          label: 'Rear pads or shoes',
          partTypeId: 1684,
          category: null,
          keyword: null,
          position: 'rear',
          quantity: 1,
          perCylinder: false,
          alternatives: [{ partTypeId: 1104, category: 'brakes', keyword: 'shoe', position: 'rear' }],
        },
      ],
    },
  });
});

it("removes a job's alternative and sends the line with none", async () => {
  const user = userEvent.setup();
  render(<KitForm kit={kit} />);
  expect(within(alternative(1, 1)).getByLabelText('Part type (PCdb id)')).toHaveValue('1105');
  await user.click(screen.getByRole('button', { name: 'Remove alternative 1 of line 1' }));
  expect(screen.queryByRole('group', { name: 'Line 1, alternative 1' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Save job' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ url: `/api/admin/kits/${kit._id}`, method: 'PATCH', body: { lines: [{ ...rotors, alternatives: [] }] } });
});

it('offers no more alternatives past the limit, and explains one without a kind without sending', async () => {
  const user = userEvent.setup();
  render(<KitForm kit={kit} />);
  for (let added = 1; added < MAX_KIT_ALTERNATIVES; added++)
    await user.click(screen.getByRole('button', { name: 'Add an alternative to line 1' }));
  expect(screen.queryByRole('button', { name: 'Add an alternative to line 1' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Save job' }));
  expect(await within(alternative(1, 2)).findByText(KIT_LINE_NEEDS_TYPE)).toBeInTheDocument();
  expect(sent).toEqual([]);
});
