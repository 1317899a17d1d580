import { NextResponse } from 'next/server';
import { requireCaller } from '@/lib/auth/caller';
import { MAX_UPLOAD_BYTES } from '@/lib/constants';
import { PayloadTooLargeError, ValidationError } from '@/lib/errors';
import { route } from '@/lib/http';
import { enforceLimits, LIMITS } from '@/lib/rate-limit';
import { storeImage } from '@/lib/storage';

/** POST /api/uploads: one image (multipart field `image`), signed-in users only; answers `{ success, data: { url } }`. */
export const POST = route(async (req) => {
  const caller = await requireCaller(req);
  await enforceLimits([[`upload:user:${caller._id}`, LIMITS.uploadsPerUser]], 'Too many uploads, please wait a while');
  // Refuse an oversized body before reading it (the multipart envelope adds a little).
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) throw new PayloadTooLargeError('The image is larger than 5 MB');
  const form = await req.formData().catch(() => {
    throw new ValidationError('Send the image as multipart/form-data in the field "image"');
  });
  const file = form.get('image');
  const url = await storeImage(file instanceof File ? file : null);
  return NextResponse.json({ success: true, data: { url } }, { status: 201 });
});
