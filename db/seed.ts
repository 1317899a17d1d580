import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { connectDb } from '@/lib/platform/db';
import { dataDir, SettingsError } from '@/lib/platform/env';
import { seedParts } from '@/db/seed-data/parts';
import { seedReviews } from '@/db/seed-data/reviews';
import { recordOpeningStock } from '@/lib/stock';
import { createUser, findUserByEmail } from '@/lib/auth/users';
import { emailSchema, passwordSchema } from '@/lib/validations/common';
import { normalizePartNumber } from '@/lib/catalog/part-numbers';
import { replaceFitment } from '@/lib/catalog/fitment-store';
import { ensureDefaultShipping } from '@/lib/checkout/defaults';
import { ensureDefaultKits } from '@/lib/kits';
import { Part, Review, User, Vehicle, VehicleMake } from '@/models';
import { makes, vehicleModels } from '@/db/seed-data/vehicles';
import { seedSupplier, type SupplierReport } from '@/db/seed-supplier';

export type SeedAccount = { role: 'admin' | 'customer'; email: string; password: string | null; created: boolean };
export type SeedReport = { parts: number; reviews: number; accounts: SeedAccount[]; supplier: SupplierReport | null };

function randomPassword(): string {
  return randomBytes(9).toString('base64url');
}

async function seedAccount(role: SeedAccount['role'], email: string, password: string | undefined, name: string): Promise<SeedAccount> {
  const existing = await findUserByEmail(email);
  if (existing) return { role, email: existing.email, password: null, created: false };
  const chosen = password ?? randomPassword();
  await createUser({ name, email, password: chosen, role: role === 'admin' ? 'admin' : undefined, emailVerified: true });
  return { role, email: email.toLowerCase(), password: chosen, created: true };
}

/** Demo account settings the sign-in rules refuse stop the seed: such an account could never sign in. */
export function assertSeedSettings(env: Record<string, string | undefined>): void {
  const rules = [
    ['SEED_ADMIN_EMAIL', emailSchema],
    ['SEED_CUSTOMER_EMAIL', emailSchema],
    ['SEED_ADMIN_PASSWORD', passwordSchema],
    ['SEED_CUSTOMER_PASSWORD', passwordSchema],
  ] as const;
  const problems: string[] = [];
  for (const [name, schema] of rules) {
    const result = env[name] === undefined ? null : schema.safeParse(env[name]);
    if (result && !result.success) problems.push(`${name} is refused by the sign-in rules (${result.error.issues[0]?.message})`);
  }
  if (problems.length) throw new SettingsError(`Invalid settings: ${problems.join('; ')}`);
}

/**
 * The demo catalog and the two demo accounts. Idempotent: a part, review or account that already
 * exists is left alone, so running it again changes nothing.
 */
export async function seedDemo(
  env: Record<string, string | undefined> = process.env,
  options: { supplier?: boolean } = {},
): Promise<SeedReport> {
  assertSeedSettings(env);
  await connectDb();
  await seedVehicles();
  // The demo catalog: a synthetic supplier's, through the importer (once per database), when asked (the first start of the
  // embedded shop, SEED_SUPPLIER=1, npm run seed -- --supplier); otherwise the 68 hand-made parts, the catalog the tests'
  // shops and their assertions name.
  const supplier = (options.supplier ?? env.SEED_SUPPLIER === '1') ? await seedSupplier() : null;
  const now = Date.now();
  const parts = supplier ? 0 : await seedHandMadeParts(now);

  // The default shipping zones and tax rates, once per database (an owner's deletions stay deleted).
  await ensureDefaultShipping();
  await ensureDefaultKits();

  let reviews = 0;
  for (const [index, seed] of seedReviews.entries()) {
    if (await Review.exists({ name: seed.name, review: seed.review })) continue;
    const createdAt = new Date(now - index * 60_000);
    await Review.create([{ ...seed, createdAt, updatedAt: createdAt }], { timestamps: false });
    reviews++;
  }

  const accounts = [
    await seedAccount('admin', env.SEED_ADMIN_EMAIL ?? 'admin@example.com', env.SEED_ADMIN_PASSWORD, 'Shop Admin'),
    await seedAccount('customer', env.SEED_CUSTOMER_EMAIL ?? 'customer@example.com', env.SEED_CUSTOMER_PASSWORD, 'Demo Customer'),
  ];
  return { parts, reviews, accounts, supplier };
}

/** The 68 hand-made parts with their fitment and opening stock; a part already there (by name) is left alone. */
async function seedHandMadeParts(now: number): Promise<number> {
  let parts = 0;
  for (const [index, seed] of seedParts.entries()) {
    const catalog = {
      category: seed.category,
      brand: seed.brand,
      partNumber: seed.partNumber,
      partNumberKey: normalizePartNumber(seed.partNumber),
      oemNumbers: seed.oemNumbers,
      position: seed.position,
      unit: seed.unit ?? ('piece' as const),
    };
    // A part from an earlier demo catalog keeps its id and stock, and gains the catalog fields it lacks.
    if (await Part.exists({ name: seed.name })) {
      const upgraded = await Part.findOneAndUpdate({ name: seed.name, partNumberKey: { $exists: false } }, { $set: catalog }).lean();
      if (upgraded) await replaceFitment(upgraded._id, seed.fitment);
      continue;
    }
    // The first entry is the newest, so it leads the home page.
    const createdAt = new Date(now - index * 60_000);
    const partId = new Types.ObjectId();
    await replaceFitment(partId, seed.fitment);
    const stock = await recordOpeningStock({ partId, quantity: seed.stock, reason: 'seed' });
    await Part.create(
      [
        {
          _id: partId,
          name: seed.name,
          description: seed.description,
          price: seed.price,
          img: seed.img,
          ...catalog,
          minimumQuantity: seed.minimumQuantity,
          ...stock,
          createdAt,
          updatedAt: createdAt,
        },
      ],
      { timestamps: false },
    );
    parts++;
  }
  return parts;
}

/** The vehicle reference data of the demo (makes with their WMIs, model generations with engines); adds what is missing. */
async function seedVehicles(): Promise<void> {
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  for (const make of makes) {
    if (!(await VehicleMake.exists({ _id: make.make }))) await VehicleMake.create({ _id: make.make, wmi: make.wmi });
  }
  for (const generation of vehicleModels) {
    const _id = `${slug(generation.make)}-${slug(generation.model)}-${generation.yearFrom}`;
    if (!(await Vehicle.exists({ _id }))) await Vehicle.create({ _id, ...generation });
  }
}

/** True when nothing has been stored yet (first start). */
export async function isDatabaseEmpty(): Promise<boolean> {
  await connectDb();
  // One document is enough to tell (FerretDB counts 100,000 parts in about 16 s, even "estimated").
  const [part, user] = await Promise.all([Part.exists({}), User.exists({})]);
  return !part && !user;
}

/** Prints what the seed did, with the credentials of accounts it created. */
export function describeSeed(report: SeedReport, log: (line: string) => void = console.log): void {
  log(`[seed] ${report.parts} parts and ${report.reviews} reviews added`);
  for (const done of report.supplier?.imports ?? [])
    log(`[seed] demo supplier ${done.fileName}: ${done.state}, ${done.counts.read} records read, ${done.counts.add} added`);
  if (report.supplier?.loaded) log(`[seed] demo supplier: opening stock for ${report.supplier.stocked} parts`);
  const created = report.accounts.filter((account) => account.created);
  for (const account of report.accounts) {
    log(
      account.created
        ? `[seed] ${account.role} account: ${account.email}  password: ${account.password}`
        : `[seed] ${account.role} account ${account.email} already exists (password unchanged)`,
    );
  }
  if (created.length) {
    const file = path.join(dataDir(), 'demo-accounts.txt');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, created.map((a) => `${a.role}: ${a.email} ${a.password}`).join('\n') + '\n', { mode: 0o600 });
    log(`[seed] these credentials are also saved in ${file}`);
  }
}
