import { NextResponse } from 'next/server';
import { ValidationError } from '@/lib/core/errors';
import { otherMethods, route } from '@/lib/platform/http';
import { decodeVinOffline } from '@/lib/vehicles';

/** GET /api/vin/{vin}: checks and decodes a VIN offline (check digit, model year, maker); 400 with the reason otherwise. */
export const GET = route<{ vin: string }>(async (_req, { vin }) => {
  const result = await decodeVinOffline(vin.slice(0, 64));
  if (!result.ok) throw new ValidationError(result.message, { vin: [result.message] });
  return NextResponse.json(result);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
