/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { addressLines, isDetailed, OrderAmounts, ShipTo, type OrderMoney } from '@/components/orders/order-amounts';

const checkoutOrder: OrderMoney = {
  partId: 'a'.repeat(24),
  partName: 'Ceramic Front Brake Pad Set',
  price: 40,
  quantity: 1,
  total: 191.95,
  lines: [
    { partId: 'a'.repeat(24), partName: 'Ceramic Front Brake Pad Set', unitPrice: 40, quantity: 1, lineTotal: 40 },
    { partId: 'b'.repeat(24), partName: 'Vented Front Brake Rotor', unitPrice: 60, quantity: 2, lineTotal: 120 },
    { partId: 'c'.repeat(24), partName: 'Brake Wear Sensor', unitPrice: 25, quantity: 1, lineTotal: 25 },
  ],
  subtotal: 185,
  shipping: { label: 'Standard', amount: 8, minDays: 2, maxDays: 4 },
  discount: { code: 'BRAKES10', amount: 18.5 },
  tax: 17.45,
};

describe('OrderAmounts', () => {
  it('lists every line and the subtotal, discount, shipping, tax and total of a checkout order', () => {
    render(<OrderAmounts order={checkoutOrder} />);
    const rows = screen.getAllByTestId('order-line');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Vented Front Brake Rotor')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$185.00');
    expect(screen.getByText('Discount (BRAKES10)')).toBeInTheDocument();
    expect(screen.getByTestId('order-discount')).toHaveTextContent('-$18.50');
    expect(screen.getByText('Shipping: Standard')).toBeInTheDocument();
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$8.00');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$17.45');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$191.95');
  });

  it('shows free shipping as Free', () => {
    render(<OrderAmounts order={{ ...checkoutOrder, shipping: { label: 'Standard', amount: 0 } }} />);
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('Free');
  });

  it('shows a spec order (one part, no shipping) as one line and its total, without the extra rows', () => {
    const specOrder: OrderMoney = { partId: 'a'.repeat(24), partName: 'Spin-On Engine Oil Filter', price: 12.5, quantity: 2, total: 25 };
    render(<OrderAmounts order={specOrder} />);
    expect(screen.getAllByTestId('order-line')).toHaveLength(1);
    expect(screen.queryByTestId('order-subtotal')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-tax')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$25.00');
    expect(isDetailed(specOrder)).toBe(false);
    expect(isDetailed(checkoutOrder)).toBe(true);
  });
});

describe('addressLines', () => {
  it('writes an address as on a parcel, leaving out the empty parts', () => {
    expect(
      addressLines({
        name: 'Gudrun Jonsdottir',
        line1: 'Laugavegur 12',
        line2: null,
        city: 'Reykjavik',
        region: null,
        postalCode: '101',
        country: 'IS',
      }),
    ).toEqual(['Gudrun Jonsdottir', 'Laugavegur 12', 'Reykjavik', '101 IS']);
  });
});

describe('ShipTo', () => {
  const contact = { name: 'Gina Guest', address: '1 Mill Road, Leeds, LS2 7HX, GB', phone: '+44 113 496 0200', email: 'gina@example.com' };

  it('writes a checkout address on its lines, then the phone; the email only when asked (admins)', () => {
    const shippingAddress = { name: 'Gina Guest', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
    const { rerender } = render(<ShipTo order={{ ...contact, shippingAddress }} />);
    const address = screen.getByTestId('order-address');
    expect(address.innerHTML.split('<br>').map((line) => line.replace(/<[^>]+>/g, ''))).toEqual([
      'Gina Guest',
      '1 Mill Road',
      'Leeds',
      'LS2 7HX GB',
      '+44 113 496 0200',
    ]);
    expect(address).not.toHaveTextContent('gina@example.com');
    rerender(<ShipTo order={{ ...contact, shippingAddress }} email />);
    expect(screen.getByTestId('order-address')).toHaveTextContent('gina@example.com');
  });

  it("writes a spec order's name and one-line address", () => {
    render(<ShipTo order={contact} />);
    expect(screen.getByTestId('order-address')).toHaveTextContent('Gina Guest1 Mill Road, Leeds, LS2 7HX, GB+44 113 496 0200');
  });
});
