import { NextResponse } from 'next/server';
import { route } from '@/lib/http';
import { getPart } from '@/lib/parts';

/** GET /api/parts/{id}: one part; 404 JSON for an unknown or malformed id. */
export const GET = route<{ id: string }>(async (_req, { id }) => NextResponse.json(await getPart(id)));
