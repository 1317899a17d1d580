import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { savedAddresses } from '@/lib/checkout';
import { otherMethods, route } from '@/lib/platform/http';

/** GET /api/checkout/addresses: what the checkout offers (the address book, then past orders' addresses) and fills in. */
export const GET = route(async (req) => NextResponse.json(await savedAddresses(await requireActor(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
