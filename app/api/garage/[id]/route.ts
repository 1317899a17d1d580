import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { removeFromGarage } from '@/lib/vehicles';
import { otherMethods, route } from '@/lib/platform/http';

/** DELETE /api/garage/{id}: removes a saved vehicle. */
export const DELETE = route<{ id: string }>(async (req, { id }) => NextResponse.json(await removeFromGarage(await requireActor(req), id)));

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
