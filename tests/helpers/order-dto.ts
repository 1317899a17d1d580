import type { OrderDTO } from '@/lib/orders/types';

/** A shipped one-line order as the API shows it: the fixture of the email and component tests (change what a test needs). */
export function shippedOrderDTO(overrides: Partial<OrderDTO> = {}): OrderDTO {
  const partName = overrides.partName ?? 'Ceramic brake pads';
  return {
    _id: '65f0a1b2c3d4e5f601234567',
    number: 'PM-100234',
    partId: '65f0a1b2c3d4e5f601234568',
    partName,
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
    deliveredAt: null,
    cancelledAt: null,
    refundedTotal: 0,
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    cancelledBy: null,
    lines: [{ partId: '65f0a1b2c3d4e5f601234568', partName, unitPrice: 24.5, quantity: 2, lineTotal: 49 }],
    subtotal: 49,
    shipping: null,
    discount: null,
    tax: 0,
    shippingAddress: null,
    guest: false,
    holdUntil: null,
    stockHeld: false,
    ...overrides,
  };
}
