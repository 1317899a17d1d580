import { otherMethods, route } from '@/lib/platform/http';

let reference: Promise<() => Response> | undefined;

/** GET /api/docs: the interactive API reference (Scalar), a page of its own with its own script. */
export const GET = route(async () => {
  reference ??= import('@scalar/nextjs-api-reference').then(({ ApiReference }) =>
    ApiReference({
      url: '/api/openapi.json',
      pageTitle: 'PartsMart API',
      // Scalar's browser bundle from our own origin (./scalar.js), never a third-party script host.
      cdn: '/api/docs/scalar.js',
      // The page's own system fonts, not Scalar's font host.
      withDefaultFonts: false,
    }),
  );
  return (await reference)();
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
