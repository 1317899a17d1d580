import { NextResponse } from 'next/server';
import { unsubscribeAlert } from '@/lib/alerts';
import { otherMethods, route } from '@/lib/platform/http';

/** DELETE /api/alerts/{token}: the one-click unsubscribe of an alert's email (its signed token is the only credential). */
export const DELETE = route<{ token: string }>(async (_req, { token }) => NextResponse.json(await unsubscribeAlert(token)));

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
