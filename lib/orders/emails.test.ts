import { orderEmail } from '@/lib/orders/emails';
import type { OrderDTO } from '@/lib/platform/types';
import { withEnv } from '@/tests/helpers/env';

const ORDER: OrderDTO = {
  _id: '65f0a1b2c3d4e5f601234567',
  number: 'PM-100234',
  partId: '65f0a1b2c3d4e5f601234568',
  partName: 'Ceramic brake pads',
  price: 24.5,
  name: 'Mia Mechanic',
  email: 'mia@example.com',
  address: '1 Mill Road, Leeds, LS2 7HX, GB',
  phone: '0113 496 0000',
  quantity: 2,
  total: 49,
  paid: true,
  status: 'shipped',
  transactionId: 'pi_test_123',
  cancelled: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:05:00.000Z',
  shippedAt: '2026-11-21T09:00:00.000Z',
  cancelledAt: null,
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  cancelledBy: null,
  lines: [{ partId: '65f0a1b2c3d4e5f601234568', partName: 'Ceramic brake pads', unitPrice: 24.5, quantity: 2, lineTotal: 49 }],
  subtotal: 49,
  shipping: null,
  discount: null,
  tax: 0,
  shippingAddress: null,
  guest: false,
  holdUntil: null,
  stockHeld: false,
};

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
