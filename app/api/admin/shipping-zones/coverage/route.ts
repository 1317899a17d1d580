import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { getShippingCoverage } from '@/lib/checkout';
import { otherMethods, route } from '@/lib/platform/http';

/** GET /api/admin/shipping-zones/coverage: the countries, postcodes and weights no active method ships to (admins). */
export const GET = route(async (req) => NextResponse.json({ gaps: await getShippingCoverage(await requireAdmin(req)) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
