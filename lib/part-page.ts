import { notFound } from 'next/navigation';
import { getCachedPart } from '@/lib/catalog';
import { NotFoundError } from '@/lib/errors';
import type { PartDTO } from '@/lib/parts';

/** The part for a page, or the not-found page for an unknown or malformed id. */
export async function loadPartOr404(id: string): Promise<PartDTO> {
  try {
    return await getCachedPart(id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}
