import { otherMethods, route } from '@/lib/platform/http';
import { referencePage } from '@/lib/api-reference';

/** GET /api/docs: the interactive API reference (Swagger UI), a page of its own with its own scripts. */
export const GET = route(async () => referencePage());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
