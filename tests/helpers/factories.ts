import { replaceFitment, type FitmentRowDoc } from '@/lib/catalog/fitment-store';
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
    coreCharge: number;
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
        coreCharge: overrides.coreCharge,
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
