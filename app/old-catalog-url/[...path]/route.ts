import { NextResponse, type NextRequest } from 'next/server';
import { catalogBasePath, narrowedLocation } from '@/lib/catalog/url';

type Context = { params: Promise<{ path: string[] }> };

/** Old narrowed catalog URLs (`/parts?q=…`), rewritten here by next.config.mjs, move for good to `/parts/search?q=…`. */
export async function GET(req: NextRequest, { params }: Context): Promise<Response> {
  const pathname = `/${(await params).path.map(encodeURIComponent).join('/')}`;
  // A field given only empty or after an empty value (`?q=&q=pads`) narrows nothing: the plain page.
  const location = narrowedLocation(pathname, req.nextUrl.searchParams) ?? catalogBasePath(pathname);
  return location ? NextResponse.redirect(new URL(location, req.url), 308) : new NextResponse(null, { status: 404 });
}

export { GET as HEAD };
