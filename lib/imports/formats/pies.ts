import 'server-only';
import { ImportFileError } from './errors';
import { decimal, positiveInteger } from './fields';
import type { RejectedRecord } from './records';
import type { ReaderInput } from './text-input';
import { childOf, childrenOf, childText, entriesOf, readXmlRecords, textOf, type XmlNode, type XmlRecordSpec } from './xml-records';

export interface PiesHeader {
  kind: 'header';
  line: number;
  /** The Header's PIESVersion, as sent ("7.2"). */
  version: string;
  submissionType?: string;
  /** PIES 6.7's BrandOwnerAAIAID: the brand of an Item that names none. */
  brandOwnerAAIAID?: string;
  parentAAIAID?: string;
  /** The currency of a price that names none, after its PriceSheet's. */
  currencyCode?: string;
  languageCode?: string;
  blanketEffectiveDate?: string;
  pcdbVersionDate?: string;
  padbVersionDate?: string;
}

export interface PiesDescription {
  code: string;
  language: string;
  text: string;
}

export interface PiesPrice {
  type: string;
  currency: string;
  amount: number;
  uom?: string;
}

export interface PiesPackage {
  uom?: string;
  quantityOfEaches?: number;
  weight?: { value: number; uom: string };
}

export interface PiesInterchange {
  partNumber: string;
  brandAAIAID?: string;
  brandLabel?: string;
  /** The QualityGradeLevel sent with it. */
  type?: string;
}

export interface PiesKitComponent {
  partNumber: string;
  brandAAIAID?: string;
  quantity: number;
}

export interface PiesAttribute {
  id: string;
  value: string;
  uom?: string;
}

export interface PiesAsset {
  uri: string;
  type?: string;
}

export interface PiesItem {
  kind: 'item';
  line: number;
  /** The Item's MaintenanceType as sent (A add, C change, D delete...). */
  maintenanceType?: string;
  partNumber: string;
  brandAAIAID: string;
  brandLabel?: string;
  partTerminologyId?: number;
  descriptions: PiesDescription[];
  prices: PiesPrice[];
  packages: PiesPackage[];
  /** The first package's weight in kilograms; null when none is sent or its unit is unknown. */
  weightKg: number | null;
  interchange: PiesInterchange[];
  kitComponents: PiesKitComponent[];
  attributes: PiesAttribute[];
  assets: PiesAsset[];
}

export interface PiesFooter {
  kind: 'footer';
  line: number;
  /** The Trailer's ItemCount, when it is a number. */
  recordCount?: number;
}

export type PiesEvent = PiesHeader | PiesItem | PiesFooter | RejectedRecord;

/** Kilograms per unit of the weight codes PIES files use (PG is PIES's pound). */
const KG_PER_UNIT: Record<string, number> = { LB: 0.45359237, PG: 0.45359237, OZ: 0.028349523125, KG: 1, GR: 0.001, G: 0.001 };

/** A weight in kilograms, to the milligram; null for a unit not in KG_PER_UNIT. */
export function weightInKg(value: number, uom: string): number | null {
  const perUnit = KG_PER_UNIT[uom.trim().toUpperCase()];
  return perUnit === undefined ? null : Math.round(value * perUnit * 1e6) / 1e6;
}

/** The versions whose Item reads as 6.7 and 7.2 do. */
const READABLE_VERSION = /^[67]\.\d+(?:\.\d+)?$/;

const RECORD_PATHS = new Set(['PIES/Header', 'PIES/PriceSheets', 'PIES/Items/Item', 'PIES/Trailer']);

const PIES: XmlRecordSpec = {
  root: 'PIES',
  kind: 'a PIES file',
  isRecord: (path) => RECORD_PATHS.has(path.join('/')),
};

/** What the Header and PriceSheets say for every Item. */
interface Defaults {
  header: PiesHeader;
  /** Each PriceSheetNumber's CurrencyCode. */
  sheetCurrency: Map<string, string>;
}

function readHeader(node: XmlNode): PiesHeader {
  const version = childText(node, 'PIESVersion');
  if (!version) throw new ImportFileError(node.line, 'the Header has no PIESVersion');
  if (!READABLE_VERSION.test(version)) throw new ImportFileError(node.line, `PIES ${version} is not read here (6.7 and 7.2 are)`);
  const text = (name: string) => childText(node, name);
  return {
    kind: 'header',
    line: node.line,
    version,
    submissionType: text('SubmissionType'),
    brandOwnerAAIAID: text('BrandOwnerAAIAID'),
    parentAAIAID: text('ParentAAIAID'),
    currencyCode: text('CurrencyCode'),
    languageCode: text('LanguageCode'),
    blanketEffectiveDate: text('BlanketEffectiveDate'),
    pcdbVersionDate: text('PCdbVersionDate'),
    padbVersionDate: text('PAdbVersionDate'),
  };
}

function readPrices(item: XmlNode, defaults: Defaults, problems: string[]): PiesPrice[] {
  return entriesOf(item, 'Prices', 'Pricing').flatMap((pricing) => {
    const type = pricing.attrs.PriceType?.trim() ?? '';
    const price = childOf(pricing, 'Price');
    const amount = decimal(price?.text);
    const sheet = childText(pricing, 'PriceSheetNumber') ?? '';
    const currency = childText(pricing, 'CurrencyCode') ?? defaults.sheetCurrency.get(sheet) ?? defaults.header.currencyCode;
    if (amount === null || amount < 0) problems.push(`price ${type} must be a number of 0 or more, not "${textOf(price) ?? ''}"`);
    if (!currency) problems.push(`price ${type} has no currency (none on the Pricing, its PriceSheet or the Header)`);
    if (amount === null || amount < 0 || !currency) return [];
    return [{ type, currency, amount, uom: price?.attrs.UOM?.trim() || undefined }];
  });
}

function readPackages(item: XmlNode, problems: string[]): PiesPackage[] {
  return entriesOf(item, 'Packages', 'Package').map((pkg) => {
    const weights = childOf(pkg, 'Weights');
    const read: PiesPackage = {
      uom: childText(pkg, 'PackageUOM'),
      quantityOfEaches: positiveInteger(childText(pkg, 'QuantityofEaches')) ?? undefined,
    };
    if (!weights) return read;
    const value = decimal(childText(weights, 'Weight'));
    if (value === null || value <= 0) problems.push(`Weight must be a number above 0, not "${childText(weights, 'Weight') ?? ''}"`);
    else read.weight = { value, uom: weights.attrs.UOM?.trim() ?? '' };
    return read;
  });
}

/** The first package's weight in kg; an unknown unit is a rejection only when no other weight is sent. */
function readWeightKg(packages: PiesPackage[], problems: string[]): number | null {
  const weights = packages.flatMap((pkg) => pkg.weight ?? []);
  const first = weights[0];
  if (!first) return null;
  const kg = weightInKg(first.value, first.uom);
  if (kg === null && weights.length === 1) problems.push(`the weight's unit "${first.uom}" is unknown (LB, PG, OZ, KG, GR or G)`);
  return kg;
}

function readKit(item: XmlNode, problems: string[]): PiesKitComponent[] {
  return entriesOf(item, 'Kits', 'KitComponent').flatMap((component) => {
    const partNumber = childText(component, 'ComponentPartNumber');
    if (!partNumber) return [];
    const quantity = decimal(childText(component, 'QuantityInKit'));
    if (quantity === null || quantity <= 0) {
      problems.push(
        `kit component ${partNumber}: QuantityInKit must be a number above 0, not "${childText(component, 'QuantityInKit') ?? ''}"`,
      );
      return [];
    }
    return [{ partNumber, brandAAIAID: childText(component, 'ComponentBrand'), quantity }];
  });
}

function readInterchange(item: XmlNode): PiesInterchange[] {
  return entriesOf(item, 'PartInterchangeInfo', 'PartInterchange').flatMap((interchange) =>
    childrenOf(interchange, 'PartNumber').flatMap((number) => {
      const partNumber = textOf(number);
      if (!partNumber) return [];
      const attr = (name: string) => interchange.attrs[name]?.trim() || undefined;
      return [{ partNumber, brandAAIAID: attr('BrandAAIAID'), brandLabel: attr('BrandLabel'), type: attr('QualityGradeLevel') }];
    }),
  );
}

function readDescriptions(item: XmlNode, header: PiesHeader): PiesDescription[] {
  return entriesOf(item, 'Descriptions', 'Description').flatMap((description) => {
    const text = textOf(description);
    const language = description.attrs.LanguageCode?.trim() || header.languageCode || 'EN';
    return text ? [{ code: description.attrs.DescriptionCode?.trim() ?? '', language, text }] : [];
  });
}

function readAttributes(item: XmlNode): PiesAttribute[] {
  return entriesOf(item, 'ProductAttributes', 'ProductAttribute').flatMap((attribute) => {
    const id = attribute.attrs.AttributeID?.trim();
    const value = textOf(attribute);
    return id && value ? [{ id, value, uom: attribute.attrs.AttributeUOM?.trim() || undefined }] : [];
  });
}

function readAssets(item: XmlNode): PiesAsset[] {
  return entriesOf(item, 'DigitalAssets', 'DigitalFileInformation').flatMap((file) => {
    const uri = childText(file, 'URI');
    return uri ? [{ uri, type: childText(file, 'AssetType') }] : [];
  });
}

function readItem(item: XmlNode, defaults: Defaults): PiesItem | RejectedRecord {
  const problems: string[] = [];
  const partNumber = childText(item, 'PartNumber');
  const brandAAIAID = childText(item, 'BrandAAIAID') ?? defaults.header.brandOwnerAAIAID;
  if (!partNumber) problems.push('PartNumber is missing');
  if (!brandAAIAID) problems.push('BrandAAIAID is missing (on the Item, and no BrandOwnerAAIAID in the Header)');
  const terminology = childText(item, 'PartTerminologyID');
  const partTerminologyId = positiveInteger(terminology) ?? undefined;
  if (terminology !== undefined && partTerminologyId === undefined)
    problems.push(`PartTerminologyID must be a whole number above 0, not "${terminology}"`);
  const packages = readPackages(item, problems);
  const read: PiesItem = {
    kind: 'item',
    line: item.line,
    maintenanceType: item.attrs.MaintenanceType?.trim() || undefined,
    partNumber: partNumber ?? '',
    brandAAIAID: brandAAIAID ?? '',
    brandLabel: childText(item, 'BrandLabel'),
    partTerminologyId,
    descriptions: readDescriptions(item, defaults.header),
    prices: readPrices(item, defaults, problems),
    packages,
    weightKg: readWeightKg(packages, problems),
    interchange: readInterchange(item),
    kitComponents: readKit(item, problems),
    attributes: readAttributes(item),
    assets: readAssets(item),
  };
  return problems.length ? { kind: 'rejected', line: item.line, id: partNumber, reason: problems.join('; ') } : read;
}

function readPriceSheets(node: XmlNode, defaults: Defaults) {
  for (const sheet of childrenOf(node, 'PriceSheet')) {
    const number = childText(sheet, 'PriceSheetNumber');
    const currency = childText(sheet, 'CurrencyCode');
    if (number && currency) defaults.sheetCurrency.set(number, currency);
  }
}

/**
 * The events of a PIES file as it is read: its header, then each Item (or why it was rejected), then
 * the footer. Only the Item being read is held in memory; a broken file throws ImportFileError.
 */
export async function* readPies(input: ReaderInput): AsyncGenerator<PiesEvent> {
  let root: XmlNode | undefined;
  let defaults: Defaults | undefined;
  for await (const { type, node } of readXmlRecords(input, PIES)) {
    if (type === 'root') root = node;
    else if (node.name === 'Header') {
      defaults = { header: readHeader(node), sheetCurrency: new Map() };
      yield defaults.header;
    } else if (!defaults) throw new ImportFileError(node.line, `the Header must come before the first <${node.name}>`);
    else if (node.name === 'PriceSheets') readPriceSheets(node, defaults);
    else if (node.name === 'Item') yield readItem(node, defaults);
    else yield { kind: 'footer', line: node.line, recordCount: positiveInteger(childText(node, 'ItemCount')) ?? undefined };
  }
  if (!defaults) throw new ImportFileError(root?.line ?? 1, 'the file has no Header');
}
