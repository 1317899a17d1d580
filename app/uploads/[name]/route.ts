import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NextResponse } from 'next/server';
import { sniffImageType, UPLOAD_NAME_PATTERN, uploadsDir } from '@/lib/storage';

/** GET /uploads/{name}: images uploaded without Cloudinary, from <data>/uploads. */
export async function GET(_req: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  if (!UPLOAD_NAME_PATTERN.test(name)) return NextResponse.json({ error: 'Not found' }, { status: 404 });
  try {
    const bytes = await readFile(path.join(uploadsDir(), name));
    const type = sniffImageType(bytes);
    if (!type) return NextResponse.json({ error: 'Not found' }, { status: 404 });
    return new NextResponse(bytes, {
      headers: {
        'Content-Type': type.mime,
        // Names are random and never reused, so the file never changes.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  } catch {
    return NextResponse.json({ error: 'Not found' }, { status: 404 });
  }
}
