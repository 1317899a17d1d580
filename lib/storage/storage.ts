import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { UploadApiResponse } from 'cloudinary';

import { dataDir, env } from '@/lib/platform/env';
import { PayloadTooLargeError, ServiceUnavailableError, UnsupportedMediaError, ValidationError } from '@/lib/core/errors';
import { readBodyBytes } from '@/lib/platform/http';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Image uploads: Cloudinary when CLOUDINARY_URL is set, else files in <data>/uploads served at /uploads. */

export type ImageType = { mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif'; ext: 'jpg' | 'png' | 'webp' | 'gif' };

/** The image type read from the file's first bytes, never from its name or declared type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', ext: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { mime: 'image/png', ext: 'png' };
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return { mime: 'image/gif', ext: 'gif' };
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

export const UPLOAD_NAME_PATTERN = /^[a-f0-9-]{36}\.(jpg|png|webp|gif)$/;

export function uploadsDir(): string {
  return path.join(dataDir(), 'uploads');
}

/** Room for the multipart envelope around the image (boundaries, part headers, a few small fields). */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
export const IMAGE_TOO_LARGE = 'The image is larger than 5 MB';

/** The upload's `image` field; reading stops at 5 MB plus envelope (413) whatever the headers say, so no oversized body is held. */
export async function readUploadedImage(req: Request): Promise<File | null> {
  const contentType = req.headers.get('content-type') ?? '';
  const bytes = await readBodyBytes(req, MAX_UPLOAD_BYTES + MULTIPART_ENVELOPE_BYTES, IMAGE_TOO_LARGE);
  const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData().catch(() => {
    throw new ValidationError('Send the image as multipart/form-data in the field "image"');
  });
  const file = form.get('image');
  return file instanceof File ? file : null;
}

/** Checks an uploaded file and stores it; answers its public URL. Nothing is stored when it is refused. */
export async function storeImage(file: File | null): Promise<string> {
  if (!file || typeof file === 'string' || file.size === 0)
    throw new ValidationError('Choose an image to upload', { image: ['Image is Required'] });
  if (file.size > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedMediaError('Only JPEG, PNG, WebP or GIF images can be uploaded');

  if (env().CLOUDINARY_URL) return uploadToCloudinary(bytes);
  const name = `${randomUUID()}.${type.ext}`;
  const dir = uploadsDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
  return `/uploads/${name}`;
}

async function uploadToCloudinary(bytes: Uint8Array): Promise<string> {
  // Loaded on first use; the SDK reads CLOUDINARY_URL (cloud name, key and secret) from the environment.
  const { v2: cloudinary } = await import('cloudinary');
  cloudinary.config(true);
  try {
    const result = await new Promise<UploadApiResponse>((resolve, reject) => {
      const stream = cloudinary.uploader.upload_stream({ resource_type: 'image', folder: 'partsmart' }, (error, response) =>
        error || !response ? reject(error ?? new Error('empty Cloudinary response')) : resolve(response),
      );
      stream.end(Buffer.from(bytes));
    });
    return result.secure_url;
  } catch (error) {
    console.error('[uploads] Cloudinary upload failed:', error);
    throw new ServiceUnavailableError('The image could not be uploaded, please try again');
  }
}
