import type { PartDTO } from '@/lib/catalog';

export type ButtonPart = Pick<PartDTO, '_id' | 'name' | 'availableQuantity' | 'minimumQuantity'>;

/**
 * What the add-to-cart button needs of a part, and no more: a server component's props to a client
 * component are sent in the page's payload, and a whole part (its description, fitment, dates) would
 * add about 2 kB per card to every catalog page.
 */
export function buttonPart({ _id, name, availableQuantity, minimumQuantity }: ButtonPart): ButtonPart {
  return { _id, name, availableQuantity, minimumQuantity };
}
