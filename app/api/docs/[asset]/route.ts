import { otherMethods, route } from '@/lib/platform/http';
import { referenceAsset } from '@/lib/api-reference';

/** GET /api/docs/{asset}: a script or style sheet of the reference page, for /api/docs only. */
export const GET = route<{ asset: string }>(async (_req, { asset }) => referenceAsset(asset));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
