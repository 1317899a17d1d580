import type { PartDTO } from '@/lib/catalog';

export type ButtonPart = Pick<PartDTO, '_id' | 'name' | 'availableQuantity' | 'minimumQuantity'>;

/** Only what the add-to-cart button needs: client props travel in the page's payload, once per card. */
export function buttonPart({ _id, name, availableQuantity, minimumQuantity }: ButtonPart): ButtonPart {
  return { _id, name, availableQuantity, minimumQuantity };
}
