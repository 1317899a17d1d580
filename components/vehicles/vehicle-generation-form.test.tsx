/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VehicleGenerationForm } from '@/components/vehicles/vehicle-generation-form';
import { ENGINE_OUTSIDE_YEARS, VEHICLE_YEARS_REVERSED } from '@/lib/validations/vehicles';
import type { VehicleGenerationDTO } from '@/lib/vehicles/types';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push }) }));
jest.mock('@/lib/client/alerts', () => ({ alertError: jest.fn(async () => {}) }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn() } }));

type Answer = { status: number; body: unknown };
let answer: Answer;
let sent: Array<{ method: string; body: Record<string, unknown> }>;

beforeEach(() => {
  sent = [];
  answer = { status: 201, body: {} };
  global.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
    return { ok: answer.status < 300, status: answer.status, text: async () => JSON.stringify(answer.body) } as Response;
  }) as typeof fetch;
});

function errorOf(input: HTMLElement) {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

async function fill(user: ReturnType<typeof userEvent.setup>, label: HTMLElement, value: string) {
  await user.clear(label);
  await user.type(label, value);
}

const form = () => within(screen.getByRole('form'));
const engine = (n: number) => within(screen.getByRole('listitem', { name: `Engine ${n}` }));

describe('VehicleGenerationForm', () => {
  it('refuses years that run backwards under the To year, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<VehicleGenerationForm />);
    await user.type(form().getByLabelText('Make'), 'Auriga');
    await user.type(form().getByLabelText('Model'), 'Nimbus');
    await fill(user, screen.getByLabelText('From year'), '2018');
    await fill(user, screen.getByLabelText('To year'), '2016');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('To year'))).toBe(VEHICLE_YEARS_REVERSED));
    expect(sent).toEqual([]);
  });

  it('adds a vehicle with its engines, and shows a server message under the engine it names', async () => {
    const user = userEvent.setup();
    answer = { status: 400, body: { error: ENGINE_OUTSIDE_YEARS, fieldErrors: { 'engines.0.yearFrom': [ENGINE_OUTSIDE_YEARS] } } };
    render(<VehicleGenerationForm />);
    await user.type(form().getByLabelText('Make'), 'Auriga');
    await user.type(form().getByLabelText('Model'), 'Nimbus');
    await fill(user, screen.getByLabelText('From year'), '2014');
    await fill(user, screen.getByLabelText('To year'), '2018');
    await user.click(screen.getByRole('button', { name: 'Add an engine' }));
    await user.type(engine(1).getByLabelText('Engine'), '1.8L L4');
    await user.type(engine(1).getByLabelText('From year'), '2014');
    await user.type(engine(1).getByLabelText('To year'), '2016');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(errorOf(engine(1).getByLabelText('From year'))).toBe(ENGINE_OUTSIDE_YEARS));
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          make: 'Auriga',
          model: 'Nimbus',
          yearFrom: 2014,
          yearTo: 2018,
          engines: [{ name: '1.8L L4', yearFrom: 2014, yearTo: 2016 }],
        },
      },
    ]);
  });

  it('edits a generation by its id and goes back to the list', async () => {
    const user = userEvent.setup();
    const generation: VehicleGenerationDTO = {
      id: 'auriga-nimbus-2014',
      make: 'Auriga',
      model: 'Nimbus',
      yearFrom: 2014,
      yearTo: 2018,
      engines: [{ name: '1.8L L4', yearFrom: 2014, yearTo: 2018 }],
      fromVcdb: true,
    };
    answer = { status: 200, body: generation };
    render(<VehicleGenerationForm generation={generation} />);
    await user.click(screen.getByRole('button', { name: 'Remove engine 1' }));
    await fill(user, screen.getByLabelText('To year'), '2017');
    await user.click(screen.getByRole('button', { name: 'Save vehicle' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/dashboard/vehicles'));
    expect(sent).toEqual([
      { method: 'PATCH', body: { id: 'auriga-nimbus-2014', make: 'Auriga', model: 'Nimbus', yearFrom: 2014, yearTo: 2017, engines: [] } },
    ]);
  });
});
