import path from 'node:path';
import { CATALOG_URL_FIELDS } from './lib/catalog/url-fields.mjs';
import { SESSION_COOKIE_VALUE, SHARED_PAGES_SOURCE } from './lib/platform/shared-pages.mjs';

/**
 * Pages every visitor shares (lib/platform/shared-pages.mjs), off Vercel. A CDN may keep an anonymous response for a minute
 * and serve it stale while it asks again; a request carrying a session cookie is never stored by a
 * shared cache. One source and one test of the Cookie header: Next.js tries every header rule's source
 * on every request, and parses the whole Cookie header again for each `cookie` condition of a rule
 * whose source matched (27 rules and 3 parses per signed-in request before).
 */
const SESSION_COOKIE = { type: 'header', key: 'cookie', value: SESSION_COOKIE_VALUE };

/**
 * On Vercel, pages live in Vercel's own cache, which Next.js's revalidateTag purges (lib/platform/cache.ts
 * calls it there): no page cache handler of ours, and no fixed Cache-Control of ours on the shared pages.
 */
const ON_VERCEL = Boolean(process.env.VERCEL);

/**
 * The old form of a narrowed catalog URL (`/parts?q=…`, `/categories/brakes?brand=…`) goes to
 * app/old-catalog-url, which sends it on to its page: a rule per field of lib/catalog/url-fields.mjs (a
 * condition names one query key). Not the proxy's: the plain pages would meet it on every request. The
 * path's parameter is named like no field: a query field of the same name would take its place.
 */
const OLD_CATALOG_URLS = Object.keys(CATALOG_URL_FIELDS).map((key) => ({
  source: '/:oldCatalogPath(parts|categories/[^/]+)',
  has: [{ type: 'query', key }],
  destination: '/old-catalog-url/:oldCatalogPath',
}));

const MALFORMED_ROUTER_STATE = "^(?!%5B(?:[A-Za-z0-9._~!*'()-]|%[0-9A-Fa-f]{2})*%5D$).*$";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  cacheComponents: true,
  experimental: {
    // A Node host's server loads every page's code as it starts, so that no visitor waits for it. A
    // Vercel function serves a burst and ends: it loads the code of what it is asked, or its first
    // answer waits for the loading of every other page too.
    preloadEntriesOnStart: !process.env.VERCEL,
  },
  // An unknown URL of a dynamic page waits for its own render rather than streaming a shared shell, so
  // that it is cached whole (ISR) and an unknown part answers 404, not 200 with a streamed not-found.
  partialPrefetching: false,
  // No ETag: Next.js hashes the whole page in JavaScript on every response to make one (13% of the
  // server's CPU serving a cached /, whose req/s rose 20 to 25% without it). Shared pages carry
  // s-maxage for a CDN instead; a browser revalidating gets the page again rather than a 304.
  generateEtags: false,
  // Compression: `next start` alone gzips (Next.js's default); behind nginx (deploy/nginx.conf), which
  // asks the app for plain answers, nginx sends brotli or gzip; on Vercel, its edge.
  // `npm run bench` builds into its own directory (scripts/bench/server.ts).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Server libraries loaded by Node itself, not bundled (native parts, dynamic requires).
  serverExternalPackages: ['mongoose', 'mongodb-memory-server-core', 'nodemailer', 'cloudinary'],
  // Our cache handlers, for pages and route responses (lib/platform/cache-handler.mjs) and for 'use cache' entries
  // (lib/platform/use-cache-handler.mjs), on one store: they never serve the build's output, check tags
  // themselves, and with REDIS_URL share one cache between instances. On Vercel only the second: the
  // shop expires data outside requests too (the search index once loaded), which only its own store
  // can take (Next.js's revalidateTag needs a request, and not inside a cached function).
  cacheHandler: ON_VERCEL ? undefined : path.resolve('lib/platform/cache-handler.mjs'),
  cacheHandlers: { default: path.resolve('lib/platform/use-cache-handler.mjs') },
  cacheMaxMemorySize: 0,
  // Cached pages expire after a day at the latest; every change expires its tags at once anyway.
  expireTime: 86400,
  images: {
    // Seeded artwork is SVG made for this project; uploads are served from our own origin or Cloudinary.
    dangerouslyAllowSVG: true,
    contentDispositionType: 'inline',
    contentSecurityPolicy: "default-src 'self'; script-src 'none'; sandbox;",
    localPatterns: [{ pathname: '/images/**' }, { pathname: '/uploads/**' }],
    remotePatterns: [{ protocol: 'https', hostname: 'res.cloudinary.com' }],
  },
  // A malformed router state header (lib/platform/router-state-header.ts's pattern, spelled out: a value
  // that is not `%5B`, URL-safe characters and well-formed percent-escapes, `%5D`) answers 400 from
  // app/bad-router-state before Next.js parses it (it answered 500). Only the proxy's own paths and the API are left to them.
  async rewrites() {
    return {
      beforeFiles: [
        {
          source: '/:path((?!api/|_next/static/|_next/image|uploads/|dashboard).*)',
          has: [{ type: 'header', key: 'next-router-state-tree', value: MALFORMED_ROUTER_STATE }],
          destination: '/bad-router-state',
        },
        ...OLD_CATALOG_URLS,
      ],
    };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
      ...(ON_VERCEL
        ? []
        : [
            {
              source: SHARED_PAGES_SOURCE,
              headers: [{ key: 'Cache-Control', value: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600' }],
            },
            // A later rule's value for the same header replaces an earlier one's.
            { source: SHARED_PAGES_SOURCE, has: [SESSION_COOKIE], headers: [{ key: 'Cache-Control', value: 'private, no-cache' }] },
          ]),
    ];
  },
};

export default nextConfig;
