/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { ReturnForm, returnableLines } from '@/components/returns/return-form';
import type { ReturnDTO } from '@/lib/returns/types';
import { CHOOSE_LINES, CHOOSE_REASON, SAY_WHAT_DID_NOT_FIT } from '@/lib/validations/returns';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));

const pads = { partId: 'a'.repeat(24), partName: 'Front pads', unitPrice: 40, quantity: 2, lineTotal: 80 };
const fit = { vehicle: '2016 Toyota Corolla 1.8L', answers: [], text: 'confirmed for 2016 Toyota Corolla 1.8L' };
const rotor = { partId: 'b'.repeat(24), partName: 'Rotor', unitPrice: 60, quantity: 3, lineTotal: 180, fit };
const order = { _id: 'c'.repeat(24), lines: [pads, rotor] };

const returnOf = (state: ReturnDTO['state'], partId: string, quantity: number): ReturnDTO => ({
  id: 'd'.repeat(24),
  orderId: order._id,
  orderNumber: 'PM-1',
  email: 'rita@example.com',
  state,
  reason: 'not-needed',
  note: null,
  vehicle: null,
  vin: null,
  mismatch: null,
  lines: [{ partId, partName: 'x', unitPrice: 1, quantity, state }],
  refundAmount: 0,
  instructions: null,
  rejection: null,
  coreOutcome: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  events: [],
});

let fetchSpy: jest.Mock;
beforeEach(() => {
  fetchSpy = jest.fn();
  global.fetch = fetchSpy;
});

describe('the Return parts form', () => {
  it('asks for a part and a reason before sending anything', () => {
    render(<ReturnForm order={order} returns={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask to return' }));
    expect(screen.getByText(CHOOSE_LINES)).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(CHOOSE_REASON);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('pre-fills the line’s vehicle for "does not fit" and asks what did not match', () => {
    render(<ReturnForm order={order} returns={[]} />);
    fireEvent.change(screen.getByLabelText('Rotor (up to 3)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'does-not-fit' } });
    expect(screen.getByLabelText('Vehicle it did not fit')).toHaveValue('2016 Toyota Corolla 1.8L');
    fireEvent.click(screen.getByRole('button', { name: 'Ask to return' }));
    expect(screen.getByLabelText('What did not match')).toHaveAccessibleDescription(SAY_WHAT_DID_NOT_FIT);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('opens on one line with "does not fit" chosen and its vehicle, where a No to "Did it fit?" leads', () => {
    render(<ReturnForm order={order} returns={[]} unfit={rotor.partId} />);
    expect(screen.getByLabelText('Rotor (up to 3)')).toHaveValue(1);
    expect(screen.getByLabelText('Front pads (up to 2)')).not.toHaveValue(1);
    expect(screen.getByLabelText('Reason')).toHaveValue('does-not-fit');
    expect(screen.getByLabelText('Vehicle it did not fit')).toHaveValue('2016 Toyota Corolla 1.8L');
  });

  it('offers what is left of each line: less what was refunded, none while a request is open', () => {
    const lines = returnableLines(order, [returnOf('refunded', rotor.partId, 2), returnOf('requested', pads.partId, 1)]);
    expect(lines.map(({ left, open }) => ({ left, open }))).toEqual([
      { left: 2, open: true },
      { left: 1, open: false },
    ]);
    expect(returnableLines(order, [returnOf('rejected', pads.partId, 2)])[0]).toMatchObject({ left: 2, open: false });
  });

  it('offers the cores of the lines with a deposit apart from their parts: less those refunded or forfeited', () => {
    const withCore = { ...order, lines: [pads, { ...rotor, core: { unitPrice: 20, quantity: 3, lineTotal: 60 } }] };
    const coreOf = (state: ReturnDTO['state'], quantity: number): ReturnDTO => {
      const ret = returnOf(state, rotor.partId, quantity);
      return { ...ret, reason: 'core-return', lines: ret.lines.map((line) => ({ ...line, core: true as const })) };
    };
    const returns = [coreOf('refunded', 1), coreOf('forfeited', 1), returnOf('refunded', rotor.partId, 3)];
    expect(returnableLines(withCore, returns, true).map(({ partId, left, open }) => ({ partId, left, open }))).toEqual([
      { partId: rotor.partId, left: 1, open: false },
    ]);
    expect(returnableLines(withCore, returns).map(({ left }) => left)).toEqual([2, 0]);
    expect(returnableLines(withCore, [coreOf('approved', 1)], true)[0]).toMatchObject({ left: 3, open: true });
  });

  it('lists only the lines with a core deposit once "Core return" is chosen', () => {
    const withCore = { ...order, lines: [pads, { ...rotor, core: { unitPrice: 20, quantity: 3, lineTotal: 60 } }] };
    render(<ReturnForm order={withCore} returns={[]} />);
    expect(screen.getByLabelText('Front pads (up to 2)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'core-return' } });
    expect(screen.queryByLabelText('Front pads (up to 2)')).toBeNull();
    expect(screen.getByLabelText('Rotor (up to 3)')).toBeInTheDocument();
  });
});
