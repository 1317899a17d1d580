import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { otherMethods, route } from '@/lib/platform/http';
import { enforceLimits, LIMITS } from '@/lib/rate-limit';
import { readUploadedImage, storeImage } from '@/lib/storage';

/** POST /api/uploads: one image (multipart field `image`), signed-in users only; answers `{ success, data: { url } }`. */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  await enforceLimits([[`upload:user:${actor._id}`, LIMITS.uploadsPerUser]], 'Too many uploads, please wait a while');
  const url = await storeImage(await readUploadedImage(req));
  return NextResponse.json({ success: true, data: { url } }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
