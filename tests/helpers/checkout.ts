import { Types } from 'mongoose';
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { GET as getCartRoute } from '@/app/api/cart/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as quoteRoute } from '@/app/api/checkout/quote/route';
import type { UserDTO } from '@/lib/accounts/users';
import { CART_COOKIE } from '@/lib/cart/identity';
import { connectDb } from '@/lib/platform/db';
import { DiscountCode, ShippingZone, TaxRate } from '@/models';
import type { DiscountCodeDoc } from '@/models/discount';
import { callRoute, type CallOptions } from './api';

/** A zone with Standard (flat by weight, free from `freeOver`) and Express methods: what the tests ship with. */
export async function makeZone(
  overrides: Partial<{
    name: string;
    countries: string[];
    postcodePrefixes: string[];
    standardCents: number;
    freeOverCents: number | null;
    position: number;
  }> = {},
): Promise<{ zoneId: string; standard: string; express: string }> {
  await connectDb();
  const standard = new Types.ObjectId();
  const express = new Types.ObjectId();
  const zone = await ShippingZone.create({
    name: overrides.name ?? 'Test zone',
    countries: overrides.countries ?? ['GB'],
    postcodePrefixes: overrides.postcodePrefixes ?? [],
    position: overrides.position ?? 0,
    methods: [
      {
        _id: standard,
        label: 'Standard',
        bands: [
          { upToGrams: 5000, priceCents: overrides.standardCents ?? 600 },
          { upToGrams: null, priceCents: (overrides.standardCents ?? 600) * 2 },
        ],
        freeOverCents: overrides.freeOverCents === undefined ? 7500 : overrides.freeOverCents,
        minDays: 1,
        maxDays: 2,
      },
      {
        _id: express,
        label: 'Express',
        bands: [
          { upToGrams: 2000, priceCents: 1495 },
          { upToGrams: 20000, priceCents: 2495 },
        ],
        freeOverCents: null,
        minDays: 1,
        maxDays: 1,
      },
    ],
  });
  return { zoneId: String(zone._id), standard: String(standard), express: String(express) };
}

export async function makeTaxRate(country: string, rateBps: number, taxShipping = false, region = ''): Promise<void> {
  await connectDb();
  await TaxRate.create({ country, region, rateBps, taxShipping, label: 'VAT' });
}

export async function makeCode(code: string, fields: Partial<DiscountCodeDoc> & Pick<DiscountCodeDoc, 'kind'>): Promise<void> {
  await connectDb();
  await DiscountCode.create({ code, ...fields });
}

/**
 * A browser at the shop: keeps the guest cart cookie the shop sets and sends it back, signed in as `as`
 * when given. Answers the calls a shopper makes.
 */
export function shopper(as?: UserDTO) {
  let cookie: string | null = null;
  const call = async (handler: Parameters<typeof callRoute>[0], path: string, options: CallOptions = {}) => {
    const res = await callRoute(handler, path, { as, ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith(`${CART_COOKIE}=`)) cookie = set.split(';')[0]!.endsWith('=') ? null : set.split(';')[0]!;
    return res;
  };
  return {
    call,
    cookie: () => cookie,
    add: (partId: string, quantity: number) => call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId, quantity } }),
    cart: () => call(getCartRoute, '/api/cart'),
    quote: (body: Record<string, unknown>) => call(quoteRoute, '/api/checkout/quote', { method: 'POST', body }),
    checkout: (body: Record<string, unknown>) => call(checkoutRoute, '/api/checkout', { method: 'POST', body }),
  };
}
