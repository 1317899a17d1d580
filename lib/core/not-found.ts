import 'server-only';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/core/errors';

/** For pages: what the promise answers, or the not-found page when it throws NotFoundError. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}
