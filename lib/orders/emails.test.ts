import { emailEventsOf, orderEmail } from '@/lib/orders/emails';
import { withEnv } from '@/tests/helpers/env';
import { shippedOrderDTO } from '@/tests/helpers/order-dto';

const ORDER = shippedOrderDTO();

const ORDER_PAGE = `http://localhost:3000/dashboard/orders/${ORDER._id}`;

describe('the shipped email', () => {
  it('links to the order, with a tracking link or without one', () => {
    for (const order of [ORDER, { ...ORDER, carrier: 'Local courier', trackingNumber: 'LC-1', trackingUrl: null }]) {
      const mail = orderEmail('shipped', order);
      expect(mail.text).toContain(`PM-100234 (${ORDER_PAGE})`);
      expect(mail.html).toContain(`<a href="${ORDER_PAGE}">PM-100234</a>`);
    }
    // A guest's link is the signed one that opens the order without an account.
    const guest = orderEmail('shipped', { ...ORDER, guest: true });
    expect(guest.text).toMatch(new RegExp(`PM-100234 \\(http://localhost:3000/orders/${ORDER._id}\\?t=[\\w.-]+\\)`));
  });

  it('asks for a reply only where SUPPORT_EMAIL is set, and names the contact page otherwise', async () => {
    await withEnv({ SUPPORT_EMAIL: 'help@partsmart.example' }, async () => {
      const mail = orderEmail('shipped', ORDER);
      expect(mail.text).toContain('Questions about the delivery? Reply to this email with your order number.');
    });
    await withEnv({ SUPPORT_EMAIL: undefined }, async () => {
      const mail = orderEmail('shipped', ORDER);
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toMatch(/reply/i);
        expect(part).toContain(
          'Questions about the delivery? Contact us with your order number: http://localhost:3000/legal/shipping#problems',
        );
      }
    });
  });
});

describe("a line's fit in the emails", () => {
  const fit = { vehicle: '2015 Toyota Corolla', answers: ['LE'], text: 'confirmed for 2015 Toyota Corolla LE' };
  const line = { ...ORDER.lines[0]!, fit };
  const wiper = { partId: 'b'.repeat(24), partName: 'Wiper blade', unitPrice: 12, quantity: 1, lineTotal: 12 };

  it('follows its part in every email of a one-line order', () => {
    for (const event of ['placed', 'paid', 'shipped', 'delivered', 'cancelled'] as const) {
      expect(orderEmail(event, { ...ORDER, lines: [line] }).text).toMatch(/\nFit: +confirmed for 2015 Toyota Corolla LE\n/);
    }
  });

  it('names its part in an order of several lines, and is absent for a line without one', () => {
    const several = { ...ORDER, lines: [line, wiper] };
    expect(orderEmail('placed', several).text).toMatch(
      /Part: +Ceramic brake pads x 2: \$49\.00\nFit: +confirmed for 2015 Toyota Corolla LE\nPart: +Wiper/,
    );
    expect(orderEmail('shipped', several).text).toContain('Ceramic brake pads: confirmed for 2015 Toyota Corolla LE');
    expect(orderEmail('placed', ORDER).text).not.toContain('Fit:');
  });
});

describe('the delivered email', () => {
  const DELIVERED = { ...ORDER, status: 'delivered' as const, deliveredAt: '2026-11-23T23:30:00.000Z' };

  it('gives the day in the shop’s time zone, links the order and the returns policy', async () => {
    await withEnv({ SHOP_TIME_ZONE: 'Europe/London' }, async () => {
      const mail = orderEmail('delivered', DELIVERED);
      expect(mail.subject).toBe('Order PM-100234 was delivered');
      expect(mail.text).toContain('Hello Mia Mechanic, your order was delivered on Nov 23, 2026.');
      expect(mail.text).toMatch(/\nDelivered: +Nov 23, 2026\n/);
      expect(mail.text).toContain(`PM-100234 (${ORDER_PAGE})`);
      expect(mail.text).toContain('http://localhost:3000/legal/returns');
      expect(mail.html).toContain(`<a href="${ORDER_PAGE}">PM-100234</a>`);
    });
    // 23:30 UTC is already the next day in Auckland.
    await withEnv({ SHOP_TIME_ZONE: 'Pacific/Auckland' }, async () => {
      expect(orderEmail('delivered', DELIVERED).text).toContain('your order was delivered on Nov 24, 2026.');
    });
    const guest = orderEmail('delivered', { ...DELIVERED, guest: true });
    expect(guest.text).toMatch(new RegExp(`PM-100234 \\(http://localhost:3000/orders/${ORDER._id}\\?t=[\\w.-]+\\)`));
  });

  it('is one of the emails a delivered order has had, after the shipped one, for the reconciliation', () => {
    expect(emailEventsOf(DELIVERED)).toEqual(['paid', 'shipped', 'delivered']);
    expect(emailEventsOf(ORDER)).toEqual(['paid', 'shipped']);
  });
});
