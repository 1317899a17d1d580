import { existsSync } from 'node:fs';
import path from 'node:path';
import { isDatabaseEmpty, seedDemo } from '@/db/seed';
import { seedParts } from '@/db/seed-data/parts';
import { seedReviews } from '@/db/seed-data/reviews';
import { SettingsError } from '@/lib/platform/env';
import { sumStockMoves } from '@/lib/stock';
import { authenticate } from '@/lib/auth/users';
import { JobMark, Part, Review, StockMove, User } from '@/models';

const env = {
  SEED_ADMIN_EMAIL: 'Owner@Example.com',
  SEED_ADMIN_PASSWORD: 'owner-pass-1',
  SEED_CUSTOMER_EMAIL: 'buyer@example.com',
  SEED_CUSTOMER_PASSWORD: 'buyer-pass-1',
};

// The demo supplier (3,000 parts, 40,000 Apps) is loaded on request (the embedded first start, SEED_SUPPLIER=1); here, the
// hand-made seed.
const NO_SUPPLIER = { supplier: false };

describe('the demo seed', () => {
  it('finds the database empty only while it holds neither a part nor a user (the first start seeds it)', async () => {
    expect(await isDatabaseEmpty()).toBe(true);
    const user = await User.create({ name: 'Only User', email: 'only@example.com' });
    expect(await isDatabaseEmpty()).toBe(false);
    await User.deleteOne({ _id: user._id });
    await Part.collection.insertOne({ name: 'Only Part' });
    expect(await isDatabaseEmpty()).toBe(false);
    await Part.deleteMany({});
    expect(await isDatabaseEmpty()).toBe(true);
  });

  it("takes the supplier's catalog instead of the hand-made parts when the supplier is asked for, reviews and accounts alike", async () => {
    // Marked as loaded, as after an earlier start: the importer's own tests cover the load itself.
    await JobMark.create({ _id: 'demo-supplier', upTo: new Date() });
    const report = await seedDemo(env, { supplier: true });
    expect(report.supplier).toEqual({ loaded: false, imports: [], stocked: 0 });
    expect(report.parts).toBe(0);
    expect(await Part.countDocuments()).toBe(0);
    expect(report.reviews).toBe(seedReviews.length);
    expect(report.accounts.map((account) => account.created)).toEqual([true, true]);
    await Promise.all([JobMark.deleteMany({}), Review.deleteMany({}), User.deleteMany({})]);
  });

  it('adds the catalog with its stock through the ledger, the reviews and the two accounts', async () => {
    const report = await seedDemo(env, NO_SUPPLIER);
    expect(report.parts).toBe(seedParts.length);
    expect(report.reviews).toBe(8);
    expect(report.accounts).toEqual([
      { role: 'admin', email: 'owner@example.com', password: 'owner-pass-1', created: true },
      { role: 'customer', email: 'buyer@example.com', password: 'buyer-pass-1', created: true },
    ]);

    const parts = await Part.find().lean();
    expect(parts.length).toBeGreaterThanOrEqual(12);
    expect(new Set(parts.map((part) => part.category)).size).toBeGreaterThanOrEqual(6);
    expect(parts.some((part) => part.availableQuantity === 0)).toBe(true);
    expect(parts.some((part) => part.description.length > 250)).toBe(true);
    for (const part of parts) {
      const words = part.description.split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(60);
      expect(words).toBeLessThanOrEqual(250);
      expect(existsSync(path.join('public', part.img))).toBe(true);
      expect((await sumStockMoves(part._id)).total).toBe(part.availableQuantity);
    }
    expect(await StockMove.countDocuments({ reason: { $ne: 'seed' } })).toBe(0);

    const reviews = await Review.find().lean();
    expect(new Set(reviews.map((review) => review.rating)).size).toBeGreaterThanOrEqual(3);
    for (const review of reviews) expect(existsSync(path.join('public', review.image))).toBe(true);

    expect((await User.findOne({ email: 'owner@example.com' }).lean())?.role).toBe('admin');
    expect((await User.findOne({ email: 'buyer@example.com' }).lean())?.role).toBeUndefined();
    expect(await authenticate('owner@example.com', 'owner-pass-1')).not.toBeNull();
  });

  it('shows the first part in the data first (newest) on the home page', async () => {
    const [newest] = await Part.find().sort({ createdAt: -1 }).limit(1).lean();
    expect(newest?.name).toBe(seedParts[0]!.name);
    expect(seedReviews).toHaveLength(8);
  });

  it('changes nothing when run again', async () => {
    const before = { parts: await Part.countDocuments(), moves: await StockMove.countDocuments(), reviews: await Review.countDocuments() };
    const report = await seedDemo({ ...env, SEED_ADMIN_PASSWORD: 'something-else' }, NO_SUPPLIER);
    expect(report).toMatchObject({ parts: 0, reviews: 0 });
    expect(report.accounts.every((account) => !account.created && account.password === null)).toBe(true);
    expect({ parts: await Part.countDocuments(), moves: await StockMove.countDocuments(), reviews: await Review.countDocuments() }).toEqual(
      before,
    );
    expect(await authenticate('owner@example.com', 'owner-pass-1')).not.toBeNull();
  });

  it('generates passwords when none are set', async () => {
    await User.deleteMany({});
    const report = await seedDemo({}, NO_SUPPLIER);
    expect(report.accounts.map((account) => account.email)).toEqual(['admin@example.com', 'customer@example.com']);
    for (const account of report.accounts) {
      expect(account.password).toMatch(/^[\w-]{12}$/);
      expect(await authenticate(account.email, account.password!)).not.toBeNull();
    }
  });
});

describe('demo account settings that cannot work stop the seed', () => {
  it.each([
    ['SEED_ADMIN_EMAIL', 'admin@localhost', 'Provide a valid Email'],
    ['SEED_CUSTOMER_EMAIL', 'customer at example.com', 'Provide a valid Email'],
    ['SEED_ADMIN_PASSWORD', '12345', 'Must be 6 characters or longer'],
  ])('%s=%j stops the seed with a message naming it, and creates no account', async (name, value, rule) => {
    const users = await User.countDocuments();
    const parts = await Part.countDocuments();
    const seeding = seedDemo({ [name]: value }, NO_SUPPLIER);
    await expect(seeding).rejects.toBeInstanceOf(SettingsError);
    await expect(seeding).rejects.toThrow(`${name} is refused by the sign-in rules (${rule})`);
    expect(await User.countDocuments()).toBe(users);
    expect(await Part.countDocuments()).toBe(parts);
  });
});
