/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertSignup } from '@/components/alerts/alert-signup';
import { useViewer, type ViewerState } from '@/components/session/use-viewer';
import { ALERT_SAVED, partAlertButton, vehicleAlertButton } from '@/lib/alerts/types';

jest.mock('@/components/session/use-viewer', () => ({ useViewer: jest.fn() }));

const PART = '65f0c0ffee0000000000abcd';
const CUSTOMER: ViewerState = {
  status: 'signed-in',
  viewer: { name: 'Carla', email: 'carla@example.com', isAdmin: false, emailVerified: true },
};
let answer: { status: number; body: unknown };
const fetchMock = jest.fn(async () => ({
  ok: answer.status < 300,
  status: answer.status,
  text: async () => JSON.stringify(answer.body),
}));

beforeEach(() => {
  answer = { status: 201, body: { id: 'x' } };
  fetchMock.mockClear();
  global.fetch = fetchMock as never;
});

const sent = () => JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);

describe('AlertSignup', () => {
  it('subscribes a signed-in customer in one click, with no email field', async () => {
    jest.mocked(useViewer).mockReturnValue(CUSTOMER);
    render(<AlertSignup id="a" target={{ partId: PART }} action={partAlertButton} />);
    expect(screen.queryByLabelText('Your email')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Email me when it is back' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/alerts', expect.objectContaining({ method: 'POST' }));
    expect(sent()).toEqual({ partId: PART });
    expect(await screen.findByRole('status')).toHaveTextContent(ALERT_SAVED);
  });

  it("asks a guest for an email, refuses a bad one before sending, and sends the vehicle's alert", async () => {
    jest.mocked(useViewer).mockReturnValue({ status: 'visitor' });
    const vehicle = { year: 2019, make: 'Mazda', model: 'CX-5', engine: null };
    render(<AlertSignup id="v" target={{ vehicle }} action={vehicleAlertButton('2019 Mazda CX-5')} />);
    const button = screen.getByRole('button', { name: 'Email me when a part for my 2019 Mazda CX-5 arrives' });
    await userEvent.type(screen.getByLabelText('Your email'), 'not-an-email');
    await userEvent.click(button);
    expect(screen.getByLabelText('Your email')).toHaveAccessibleDescription('Provide a valid Email');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Your email'));
    await userEvent.type(screen.getByLabelText('Your email'), 'Guest@Example.com');
    await userEvent.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({ vehicle, email: 'guest@example.com' });
    expect(await screen.findByRole('status')).toHaveTextContent(ALERT_SAVED);
  });

  it("shows the server's refusal: a field error under the email, any other as an alert", async () => {
    jest.mocked(useViewer).mockReturnValue({ status: 'visitor' });
    answer = { status: 400, body: { error: 'Provide a valid Email', fieldErrors: { email: ['Provide a valid Email'] } } };
    render(<AlertSignup id="g" target={{ partId: PART }} action={partAlertButton} />);
    await userEvent.type(screen.getByLabelText('Your email'), 'odd@example.com');
    await userEvent.click(screen.getByRole('button', { name: partAlertButton }));
    await waitFor(() => expect(screen.getByLabelText('Your email')).toHaveAccessibleDescription('Provide a valid Email'));

    answer = { status: 409, body: { error: 'This part is in stock: you can order it now' } };
    await userEvent.click(screen.getByRole('button', { name: partAlertButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This part is in stock: you can order it now');
  });
});
