import { replaceFitment, type FitmentRowDoc } from '@/lib/catalog/fitment-store';
import type { OrderDTO } from '@/lib/orders/types';
import { Types } from 'mongoose';
import type { Actor } from '@/lib/auth/policy';
import { connectDb } from '@/lib/platform/db';
import { announcePartChanges } from '@/lib/catalog/parts';
import { recordOpeningStock } from '@/lib/stock';
import { createUser, type UserDTO } from '@/lib/auth/users';
import { Part, Review } from '@/models';

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const LONG_TEXT = 'Solid part that fitted first time, arrived quickly and works exactly as described by the shop.';

export async function makeUser(
  overrides: Partial<{ name: string; email: string; password: string; admin: boolean; verified: boolean }> = {},
): Promise<UserDTO> {
  const id = next();
  return createUser({
    name: overrides.name ?? `User ${id}`,
    email: overrides.email ?? `user${id}@example.com`,
    password: overrides.password ?? 'secret123',
    role: overrides.admin ? 'admin' : undefined,
    emailVerified: overrides.verified ?? true,
  });
}

export async function makePart(
  overrides: Partial<{
    name: string;
    price: number;
    stock: number;
    minimumQuantity: number;
    description: string;
    createdAt: Date;
    category: string;
    brand: string;
    weightKg: number;
    fitment: FitmentRowDoc[];
  }> = {},
): Promise<string> {
  await connectDb();
  const createdAt = overrides.createdAt ?? new Date();
  const partId = new Types.ObjectId();
  if (overrides.fitment) await replaceFitment(partId, overrides.fitment);
  const stock = await recordOpeningStock({ partId, quantity: overrides.stock ?? 10, reason: 'seed' });
  await Part.create(
    [
      {
        _id: partId,
        name: overrides.name ?? `Part ${next()}`,
        description: overrides.description ?? `${LONG_TEXT} ${LONG_TEXT}`,
        price: overrides.price ?? 19.99,
        img: '/images/parts/ceramic-front-brake-pad-set.svg',
        minimumQuantity: overrides.minimumQuantity ?? 1,
        category: overrides.category,
        brand: overrides.brand,
        weightKg: overrides.weightKg,
        ...stock,
        createdAt,
        updatedAt: createdAt,
      },
    ],
    { timestamps: false },
  );
  await announcePartChanges([String(partId)]);
  return String(partId);
}

export async function makeReview(
  overrides: Partial<{ name: string; rating: number; review: string; authorEmail: string; createdAt: Date }> = {},
): Promise<string> {
  await connectDb();
  const createdAt = overrides.createdAt ?? new Date();
  const [review] = await Review.create(
    [
      {
        name: overrides.name ?? `Reviewer ${next()}`,
        image: '/images/reviewers/marcus-delaney.svg',
        review: overrides.review ?? LONG_TEXT,
        rating: overrides.rating ?? 4,
        authorEmail: overrides.authorEmail ?? 'someone@example.com',
        createdAt,
        updatedAt: createdAt,
      },
    ],
    { timestamps: false },
  );
  return String(review!._id);
}

export const newObjectId = () => String(new Types.ObjectId());

/** A user as lib/ functions receive the caller (what lib/auth/policy.ts resolves from a request). */
export const asActor = (user: UserDTO): Actor => ({ ...user, isAdmin: user.role === 'admin', via: 'session' });

/** A shipped one-line order as the API shows it: the fixture of the email tests (change what a test needs). */
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
