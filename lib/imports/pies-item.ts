import 'server-only';
import { DEFAULT_CATEGORY } from '@/content/categories';
import { normalizePartNumber } from '@/lib/catalog';
import { IMAGE_URL_PATTERN } from '@/lib/validations/common';
import type { PiesDescription, PiesItem } from './formats/pies';
import type { MappingTables } from './mappings';

/** A PIES item as the shop's part fields (issue 46): what an import writes, or why the item is refused. */

/** The shop's prices are in US dollars (lib/core/money). */
export const SHOP_CURRENCY = 'USD';
/** The image of an imported part whose file sends none the shop may show. */
export const PART_PLACEHOLDER_IMAGE = '/images/parts/placeholder.svg';

/** The part's name: the first of these description codes that fits the shop's 120 characters. */
const NAME_CODES = ['DES', 'SHO', 'INV', 'LAB', 'ABR'];
/** The part's description: marketing copy first, then the extended and feature texts; the name when none. */
const DESCRIPTION_CODES = ['MKT', 'EXT', 'FAB', 'ASC'];

/** The fields PIES sets on a part; stock is never among them. Keys in the schema's order, so stored and new compare as JSON. */
export type PiesPartFields = {
  name: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  partNumber: string;
  partNumberKey: string;
  brandAAIAID: string;
  partTypeId?: number;
  weightKg?: number;
  /** The core charge from the import's core price type: null when the item has none; absent when the import reads none. */
  coreCharge?: number | null;
  img?: string;
  interchange: Array<{ brand?: string; number: string; key: string; kind: 'oe' | 'aftermarket' }>;
  attributes: Array<{ name: string; value: string; uom?: string }>;
  kitComponents: Array<{ partNumber: string; brand?: string; quantity: number }>;
};

export type ItemResult = { fields: PiesPartFields } | { reason: string };

const english = (descriptions: PiesDescription[]) => {
  const en = descriptions.filter((description) => description.language.toUpperCase().startsWith('EN'));
  return en.length ? en : descriptions;
};
const withCode = (descriptions: PiesDescription[], codes: string[], max: number) =>
  codes.flatMap((code) => descriptions.filter((d) => d.code.toUpperCase() === code && d.text.length <= max))[0]?.text;
/** Suppliers send marketing copy with HTML; the shop shows plain text. */
const plainText = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Dollars to the cent, half up, from a decimal that may carry four places (12.345 is $12.35). */
export const toShopPrice = (amount: number) => Math.round(Number((amount * 100).toFixed(6))) / 100;

/** The item's core charge: its Pricing of the core price type in the shop's currency (none, or 0: no core). */
function pickCoreCharge(item: PiesItem, corePriceType: string, problems: string[]): number | null {
  const ofType = item.prices.filter((price) => price.type.toUpperCase() === corePriceType);
  if (!ofType.length) return null;
  const price = ofType.find((candidate) => candidate.currency.toUpperCase() === SHOP_CURRENCY);
  if (!price) {
    problems.push(`the ${corePriceType} core charge is in ${ofType[0]!.currency}, not the shop's ${SHOP_CURRENCY}`);
    return null;
  }
  const dollars = toShopPrice(price.amount);
  if (dollars > 100_000) problems.push(`the ${corePriceType} core charge must be at most $100,000, not ${price.amount}`);
  return dollars || null;
}

function pickPrice(item: PiesItem, priceType: string, problems: string[]): number {
  const ofType = item.prices.filter((price) => price.type.toUpperCase() === priceType);
  const price = ofType.find((candidate) => candidate.currency.toUpperCase() === SHOP_CURRENCY);
  if (!price) {
    if (ofType.length) problems.push(`the ${priceType} price is in ${ofType[0]!.currency}, not the shop's ${SHOP_CURRENCY}`);
    else problems.push(`no ${priceType} price (the price type this import takes)`);
    return 0;
  }
  const dollars = toShopPrice(price.amount);
  if (dollars < 0.01 || dollars > 1_000_000) problems.push(`the ${priceType} price must be from $0.01 to $1,000,000, not ${price.amount}`);
  return dollars;
}

function tooLong(problems: string[], label: string, text: string | undefined, max: number) {
  if (text && text.length > max) problems.push(`${label} "${text.slice(0, 40)}…" is longer than ${max} characters`);
}

/** OE when the supplier grades it O (original equipment) or labels its brand "OE"; any other brand is aftermarket. */
function readInterchange(item: PiesItem, tables: MappingTables, problems: string[]): PiesPartFields['interchange'] {
  const seen = new Set<string>();
  return item.interchange.flatMap((entry) => {
    const oe = entry.type?.toUpperCase() === 'O' || entry.brandLabel?.toUpperCase() === 'OE';
    const named = (entry.brandAAIAID && tables.brands.get(entry.brandAAIAID.toUpperCase())) || entry.brandLabel || entry.brandAAIAID;
    const brand = oe && named?.toUpperCase() === 'OE' ? undefined : named;
    tooLong(problems, 'interchange number', entry.partNumber, 40);
    const row = {
      brand: brand?.slice(0, 60),
      number: entry.partNumber,
      key: normalizePartNumber(entry.partNumber),
      kind: oe ? 'oe' : 'aftermarket',
    } as const;
    const id = `${row.kind}|${row.brand ?? ''}|${row.key}`;
    if (!row.key || seen.has(id)) return [];
    seen.add(id);
    return [row];
  });
}

function readKit(item: PiesItem, tables: MappingTables, problems: string[]): PiesPartFields['kitComponents'] {
  return item.kitComponents.map((component) => {
    if (!Number.isInteger(component.quantity))
      problems.push(`kit component ${component.partNumber}: quantity ${component.quantity} is not whole`);
    tooLong(problems, 'kit component', component.partNumber, 40);
    const id = component.brandAAIAID?.toUpperCase();
    const brand = id ? (tables.brands.get(id) ?? id) : undefined;
    return { partNumber: component.partNumber, brand, quantity: component.quantity };
  });
}

function readAttributes(item: PiesItem, problems: string[]): PiesPartFields['attributes'] {
  return item.attributes.map((attribute) => {
    tooLong(problems, 'attribute', attribute.id, 80);
    tooLong(problems, `attribute ${attribute.id}'s value`, attribute.value, 200);
    tooLong(problems, `attribute ${attribute.id}'s unit`, attribute.uom, 20);
    return { name: attribute.id, value: attribute.value, uom: attribute.uom };
  });
}

/** Grams are the shop's finest weight; a lighter package counts 1 g. Over 1000 kg is no part the shop ships. */
function readWeight(item: PiesItem, problems: string[]): number | undefined {
  if (item.weightKg === null) return undefined;
  if (item.weightKg > 1000) problems.push(`the package weighs ${item.weightKg} kg, more than the shop's 1000 kg`);
  return Math.max(0.001, Math.round(item.weightKg * 1000) / 1000);
}

/** The item's part fields under the admin's tables and price type, or every reason it cannot be imported. */
export function piesPartFields(item: PiesItem, tables: MappingTables, priceType: string, corePriceType?: string): ItemResult {
  const problems: string[] = [];
  const brand = tables.brands.get(item.brandAAIAID.toUpperCase());
  if (!brand) problems.push(`brand id ${item.brandAAIAID} is not in the brand table (Import mappings)`);
  if (item.maintenanceType?.toUpperCase() === 'D')
    problems.push('a delete (MaintenanceType D) is not imported: withdraw the part in Manage Products');
  tooLong(problems, 'part number', item.partNumber, 40);
  const descriptions = english(item.descriptions).map((d) => ({ ...d, text: plainText(d.text) }));
  const name = withCode(descriptions, NAME_CODES, 120);
  if (!name) problems.push(`no name: a ${NAME_CODES.join(', ')} description of 120 characters at most`);
  const price = pickPrice(item, priceType, problems);
  const fields: PiesPartFields = {
    name: name ?? '',
    description: withCode(descriptions, DESCRIPTION_CODES, 5000) ?? name ?? '',
    price,
    category: (item.partTerminologyId && tables.categories.get(item.partTerminologyId)) || DEFAULT_CATEGORY,
    brand: brand ?? '',
    partNumber: item.partNumber,
    partNumberKey: normalizePartNumber(item.partNumber),
    brandAAIAID: item.brandAAIAID.toUpperCase(),
    partTypeId: item.partTerminologyId,
    weightKg: readWeight(item, problems),
    ...(corePriceType ? { coreCharge: pickCoreCharge(item, corePriceType, problems) } : {}),
    // Only the shop's own images and Cloudinary's are shown (lib/validations/common): another host's is left out.
    img: item.assets.find((asset) => IMAGE_URL_PATTERN.test(asset.uri) && !asset.uri.includes('..'))?.uri,
    interchange: readInterchange(item, tables, problems),
    attributes: readAttributes(item, problems),
    kitComponents: readKit(item, tables, problems),
  };
  return problems.length ? { reason: problems.join('; ') } : { fields };
}
