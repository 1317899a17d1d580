/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { OrderStageBadge } from '@/components/orders/order-status';
import { OrderTimeline } from '@/components/orders/order-timeline';
import { OrdersTable } from '@/components/orders/orders-table';
import { shippedOrderDTO } from '@/tests/helpers/order-dto';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));

const SHIPPED = shippedOrderDTO();
const DELIVERED = shippedOrderDTO({
  _id: 'd'.repeat(24),
  number: 'PM-100235',
  status: 'delivered',
  deliveredAt: '2026-11-23T12:00:00.000Z',
});

const steps = () => within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');

describe('delivery on the order page', () => {
  it('shows the delivered step with its day, after shipping', () => {
    render(<OrderTimeline order={DELIVERED} />);
    const [, , shipped, delivered] = steps();
    expect(shipped).toHaveTextContent('Shipped');
    expect(delivered).toHaveTextContent('Delivered');
    expect(within(delivered!).getByText(/2026|23/)).toHaveAttribute('datetime', DELIVERED.deliveredAt);
  });

  it('waits for the delivery once shipped, and shows no delivery step before', () => {
    const { unmount } = render(<OrderTimeline order={SHIPPED} />);
    expect(steps().at(-1)).toHaveTextContent('Not delivered yet');
    unmount();
    render(<OrderTimeline order={{ ...SHIPPED, status: 'pending', shippedAt: null }} />);
    expect(steps().at(-1)).toHaveTextContent('Not shipped yet');
  });

  it('says Delivered in the status badge', () => {
    render(<OrderStageBadge order={DELIVERED} />);
    expect(screen.getByText('Delivered')).toBeInTheDocument();
  });
});

describe('delivery in the order lists', () => {
  it('offers admins Mark delivered on a shipped order only', () => {
    render(<OrdersTable mode="admin" orders={[SHIPPED, DELIVERED]} />);
    expect(screen.getAllByRole('button', { name: /^Mark delivered/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Mark delivered: order PM-100234',
      // The card below `sm` offers it too.
      'Mark delivered: order PM-100234',
    ]);
    expect(screen.getAllByRole('button', { name: 'delivered' })[0]).toBeDisabled();
  });

  it('shows the customer the delivered status in My Orders', () => {
    render(<OrdersTable mode="customer" orders={[DELIVERED]} />);
    const row = document.querySelector(`tr[data-order-id="${DELIVERED._id}"]`) as HTMLElement;
    expect(within(row).getByText('delivered')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark delivered/ })).not.toBeInTheDocument();
  });
});

describe('returns on the order page', () => {
  it('adds each step of each return after the delivery, with its parts and the refund', () => {
    const ret = {
      id: 'e'.repeat(24),
      orderId: DELIVERED._id,
      orderNumber: DELIVERED.number,
      email: DELIVERED.email,
      state: 'refunded' as const,
      reason: 'damaged' as const,
      note: null,
      vehicle: null,
      vin: null,
      mismatch: null,
      lines: [{ partId: DELIVERED.partId, partName: 'Ceramic brake pads', unitPrice: 24.5, quantity: 1, state: 'refunded' as const }],
      refundAmount: 24.5,
      instructions: null,
      rejection: null,
      coreOutcome: null,
      createdAt: '2026-11-24T09:00:00.000Z',
      events: (['requested', 'approved', 'received', 'refunded'] as const).map((step, i) => ({
        step,
        at: `2026-11-2${4 + i}T09:00:00.000Z`,
      })),
    };
    render(<OrderTimeline order={DELIVERED} returns={[ret]} />);
    const titles = steps().slice(4);
    expect(titles.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Return requested',
      'Return approved',
      'Returned parts received',
      'Refunded',
    ]);
    expect(titles[0]).toHaveTextContent('Ceramic brake pads x 1');
    expect(titles[3]).toHaveTextContent('$24.50');
  });
});
