/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FitAnswer } from '@/components/fit-confirmations/fit-answer';
import { ALREADY_ANSWERED, FIT_THANKS } from '@/lib/fit-confirmations/types';

const push = jest.fn();
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push }) }));

const props = { orderId: 'c'.repeat(24), partId: 'a'.repeat(24), vehicle: '2016 Toyota Corolla' };
const answer = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue({ ok: status < 300, status, text: () => Promise.resolve(JSON.stringify(body)) });

beforeEach(() => {
  push.mockReset();
  refresh.mockReset();
});

describe('the order page’s "Did it fit?"', () => {
  it('asks about the line’s vehicle and sends nothing until a button is clicked', () => {
    global.fetch = answer(201, {});
    render(<FitAnswer {...props} />);
    expect(screen.getByText('Did it fit your 2016 Toyota Corolla?')).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('posts a Yes for the order line and thanks the buyer', async () => {
    global.fetch = answer(201, { ...props, fits: true, returnUrl: null });
    render(<FitAnswer {...props} orderToken="guest-link" />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, it fits' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FIT_THANKS);
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/parts/${props.partId}/fit-confirmations`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ orderId: props.orderId, fits: true });
    expect(init.headers).toMatchObject({ 'X-Order-Token': 'guest-link' });
  });

  it('takes a No to the return form the answer points at', async () => {
    const returnUrl = `/dashboard/orders/${props.orderId}?return=does-not-fit&part=${props.partId}`;
    global.fetch = answer(201, { ...props, fits: false, returnUrl });
    render(<FitAnswer {...props} token="o.p.sig" suggested="no" />);
    fireEvent.click(screen.getByRole('button', { name: 'No, it does not fit' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(returnUrl));
    expect(JSON.parse((global.fetch as jest.Mock).mock.calls[0][1].body as string)).toEqual({
      orderId: props.orderId,
      fits: false,
      token: 'o.p.sig',
    });
  });

  it('says so when the line was answered already', async () => {
    global.fetch = answer(409, { error: ALREADY_ANSWERED });
    render(<FitAnswer {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, it fits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALREADY_ANSWERED);
  });
});
