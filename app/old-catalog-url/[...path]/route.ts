import { NextResponse, type NextRequest } from 'next/server';
import { catalogBasePath, narrowedLocation } from '@/lib/catalog/url';

type Context = { params: Promise<{ path: string[] }> };

/**
 * Where next.config.mjs rewrites the old form of a narrowed catalog URL (`/parts?q=…`): a read goes
 * on to its page for good (`/parts/search?q=…`); Next.js answers any other method 405.
 */
export async function GET(req: NextRequest, { params }: Context): Promise<Response> {
  const pathname = `/${(await params).path.map(encodeURIComponent).join('/')}`;
  // A field given only empty or after an empty value (`?q=&q=pads`) narrows nothing: the plain page.
  const location = narrowedLocation(pathname, req.nextUrl.searchParams) ?? catalogBasePath(pathname);
  return location ? NextResponse.redirect(new URL(location, req.url), 308) : new NextResponse(null, { status: 404 });
}

export { GET as HEAD };
