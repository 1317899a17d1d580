import 'server-only';
import { Types } from 'mongoose';
import { NotFoundError } from '@/lib/core/errors';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';

/** The one check of a record id from a URL or a body: 24 hex characters, else "not found" (never a cast error). */
export function parseObjectId(id: unknown, notFoundMessage = 'Not found'): Types.ObjectId {
  if (typeof id !== 'string' || !OBJECT_ID_PATTERN.test(id)) throw new NotFoundError(notFoundMessage);
  return new Types.ObjectId(id);
}

/** The same check without throwing: null for anything that is not an id. */
export function toObjectId(id: unknown): Types.ObjectId | null {
  return typeof id === 'string' && OBJECT_ID_PATTERN.test(id) ? new Types.ObjectId(id) : null;
}
