/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { OrderAmounts, type OrderMoney } from '@/components/orders/order-amounts';
import { OrdersTable } from '@/components/orders/orders-table';
import type { OrderDTO } from '@/lib/orders/types';

const CONFIRMED = 'confirmed for 2015 Toyota Corolla LE 1.8L, with 288 mm front rotors';
const fit = { vehicle: '2015 Toyota Corolla 1.8L', answers: ['LE', 'With 288 mm front rotors'], text: CONFIRMED };
const pads = { partId: 'a'.repeat(24), partName: 'Front pads', unitPrice: 40, quantity: 1, lineTotal: 40, fit };
const wiper = { partId: 'b'.repeat(24), partName: 'Wiper blade', unitPrice: 12, quantity: 1, lineTotal: 12 };

/** A paid, unshipped order as Manage Orders lists it. */
const orderOf = (overrides: Partial<OrderDTO>): OrderDTO => ({
  _id: 'c'.repeat(24),
  number: 'PM-100234',
  partId: pads.partId,
  partName: pads.partName,
  price: 40,
  name: 'Fay Fitter',
  email: 'fay@example.com',
  address: '12 Brake Lane, Leeds, LS1 4AB, GB',
  phone: '0113 496 0000',
  quantity: 1,
  total: 52,
  paid: true,
  status: 'pending',
  transactionId: 'pi_test_1',
  cancelled: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:05:00.000Z',
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  refundedTotal: 0,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  cancelledBy: null,
  lines: [pads],
  subtotal: 52,
  shipping: null,
  discount: null,
  tax: 0,
  shippingAddress: null,
  guest: false,
  holdUntil: null,
  stockHeld: false,
  ...overrides,
});

describe('the fit on an order line', () => {
  it('shows under its part on the order page, and nothing under a line without one', () => {
    const order: OrderMoney = { partId: pads.partId, partName: 'Front pads', price: 40, quantity: 1, total: 52, lines: [pads, wiper] };
    render(<OrderAmounts order={order} />);
    const [first, second] = screen.getAllByTestId('order-line');
    expect(within(first!).getByTestId('order-line-fit')).toHaveTextContent(`Fit: ${CONFIRMED}`);
    expect(within(second!).queryByTestId('order-line-fit')).not.toBeInTheDocument();
  });

  it('shows in Manage Orders, named by its part when the order has several', () => {
    const several = orderOf({ lines: [pads, wiper] });
    const one = orderOf({ _id: 'd'.repeat(24), number: 'PM-100235' });
    render(<OrdersTable mode="admin" orders={[several, one]} />);
    const fits = screen.getAllByTestId('order-line-fit').map((element) => element.textContent);
    expect(fits).toContain(`Fit (Front pads): ${CONFIRMED}`);
    expect(fits).toContain(`Fit: ${CONFIRMED}`);
    expect(fits.filter((text) => text?.includes('Wiper'))).toEqual([]);
  });
});
