import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { partTitle, type Part } from './catalog';
import { LINE_IMAGES, lineKey, ROTOR_QUAL_ID, rotorQualText } from './data';
import type { App } from './plan';

/** PIES 7.2 and ACES 4.2 as suppliers send them, written as they are made. */

const FILE_DATE = '2026-01-15';

/** Text written to a file in 64 kB pieces, waiting for the disk when it falls behind: memory stays flat however large the file. */
export class FileOut {
  private readonly stream: WriteStream;
  private pending: string[] = [];
  private size = 0;

  constructor(file: string) {
    this.stream = createWriteStream(file);
  }

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.size += text.length;
    if (this.size >= 64 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    const ok = this.stream.write(this.pending.join(''));
    this.pending = [];
    this.size = 0;
    if (!ok) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
  }
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function piesHead(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org">
\t<Header>
\t\t<PIESVersion>7.2</PIESVersion>
\t\t<SubmissionType>FULL</SubmissionType>
\t\t<BlanketEffectiveDate>${FILE_DATE}</BlanketEffectiveDate>
\t\t<CurrencyCode>USD</CurrencyCode>
\t\t<LanguageCode>EN</LanguageCode>
\t\t<PCdbVersionDate>${FILE_DATE}</PCdbVersionDate>
\t</Header>
\t<Items>
`;
}

export const piesTail = (items: number) => `\t</Items>\n\t<Trailer>\n\t\t<ItemCount>${items}</ItemCount>\n\t</Trailer>\n</PIES>\n`;

function piesExtras(part: Part): string {
  const attributes = part.attributes
    .map(
      ({ name, value, uom }) =>
        `\t\t\t\t<ProductAttribute AttributeID="${escapeXml(name)}"${uom ? ` AttributeUOM="${uom}"` : ''}>${escapeXml(value)}</ProductAttribute>\n`,
    )
    .join('');
  const interchange = part.oe
    ? `\t\t\t<PartInterchangeInfo>\n\t\t\t\t<PartInterchange BrandLabel="OE" QualityGradeLevel="O">\n\t\t\t\t\t<PartNumber>${part.oe}</PartNumber>\n\t\t\t\t</PartInterchange>\n\t\t\t</PartInterchangeInfo>\n`
    : '';
  const image = LINE_IMAGES[lineKey(part.line)];
  // The shop's pictures are its own files: a relative URI, as its image rule (lib/validations/common.ts) takes them.
  const asset = image
    ? `\t\t\t<DigitalAssets>\n\t\t\t\t<DigitalFileInformation LanguageCode="EN"><FileName>${image}.svg</FileName><AssetType>P04</AssetType><FileType>SVG</FileType><URI>/images/parts/${image}.svg</URI></DigitalFileInformation>\n\t\t\t</DigitalAssets>\n`
    : '';
  const kit = part.kit
    ?.map(
      ({ part: component, quantity }) =>
        `\t\t\t\t<KitComponent><ComponentPartNumber IDQualifier="PN">${component.partNumber}</ComponentPartNumber><ComponentBrand>${component.brand.aaiaid}</ComponentBrand><Description DescriptionCode="DES">${escapeXml(partTitle(component))}</Description><QuantityInKit UOM="EA">${quantity}</QuantityInKit><SoldSeparately>Y</SoldSeparately></KitComponent>\n`,
    )
    .join('');
  const kits = kit ? `\t\t\t<Kits>\n${kit}\t\t\t</Kits>\n` : '';
  return (attributes ? `\t\t\t<ProductAttributes>\n${attributes}\t\t\t</ProductAttributes>\n` : '') + kits + interchange + asset;
}

export function piesItem(part: Part): string {
  const title = escapeXml(partTitle(part));
  return `\t\t<Item MaintenanceType="A">
\t\t\t<PartNumber>${part.partNumber}</PartNumber>
\t\t\t<BrandAAIAID>${part.brand.aaiaid}</BrandAAIAID>
\t\t\t<BrandLabel>${part.brand.label}</BrandLabel>
\t\t\t<PartTerminologyID>${part.line.partTypeId}</PartTerminologyID>
\t\t\t<Descriptions>
\t\t\t\t<Description DescriptionCode="DES" LanguageCode="EN">${title}</Description>
\t\t\t\t<Description DescriptionCode="MKT" LanguageCode="EN">${escapeXml(part.brand.label)} ${title.toLowerCase()}, built to the original part's fit and finish.</Description>
\t\t\t</Descriptions>
\t\t\t<Prices>
\t\t\t\t<Pricing PriceType="RET"><Price UOM="PE">${part.price.toFixed(2)}</Price></Pricing>
\t\t\t\t<Pricing PriceType="LST"><Price UOM="PE">${(Math.round(part.price * 125) / 100).toFixed(2)}</Price></Pricing>
\t\t\t</Prices>
${piesExtras(part)}\t\t\t<Packages>
\t\t\t\t<Package><PackageUOM>EA</PackageUOM><QuantityofEaches>1</QuantityofEaches><Weights UOM="PG"><Weight>${part.weightLb}</Weight></Weights></Package>
\t\t\t</Packages>
\t\t</Item>
`;
}

export function acesHead(brand: string, submissionType: 'FULL' | 'UPDATE', title: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ACES version="4.2">
\t<Header>
\t\t<Company>Synthetic demo supplier</Company>
\t\t<TransferDate>${FILE_DATE}</TransferDate>
\t\t<BrandAAIAID>${brand}</BrandAAIAID>
\t\t<DocumentTitle>${escapeXml(title)}</DocumentTitle>
\t\t<EffectiveDate>${FILE_DATE}</EffectiveDate>
\t\t<SubmissionType>${submissionType}</SubmissionType>
\t\t<VcdbVersionDate>${FILE_DATE}</VcdbVersionDate>
\t\t<QdbVersionDate>${FILE_DATE}</QdbVersionDate>
\t\t<PcdbVersionDate>${FILE_DATE}</PcdbVersionDate>
\t</Header>
`;
}

export const acesTail = (apps: number) => `\t<Footer>\n\t\t<RecordCount>${apps}</RecordCount>\n\t</Footer>\n</ACES>\n`;

export interface AppLine extends Omit<App, 'vehicle'> {
  id: number;
  action: 'A' | 'D';
  baseVehicleId: number;
  note?: string;
  mfrLabel?: string;
  assetName?: string;
}

/** One App on one line (the demo's compact files), or indented as most suppliers' tools write them (`pretty`). */
export function acesApp(app: AppLine, pretty = false): string {
  const line = app.part.line;
  const elements = [
    `<BaseVehicle id="${app.baseVehicleId}"/>`,
    app.subModelId ? `<SubModel id="${app.subModelId}"/>` : '',
    app.engineBaseId ? `<EngineBase id="${app.engineBaseId}"/>` : '',
    app.rotor ? `<Qual id="${ROTOR_QUAL_ID}"><param value="${app.rotor}" uom="mm"/><text>${rotorQualText(app.rotor)}</text></Qual>` : '',
    app.note ? `<Note>${escapeXml(app.note)}</Note>` : '',
    `<Qty>${app.qty}</Qty>`,
    `<PartType id="${line.partTypeId}"/>`,
    app.mfrLabel ? `<MfrLabel>${escapeXml(app.mfrLabel)}</MfrLabel>` : '',
    line.positionId ? `<Position id="${line.positionId}"/>` : '',
    `<Part>${app.part.partNumber}</Part>`,
    app.assetName ? `<AssetName>${escapeXml(app.assetName)}</AssetName>` : '',
  ].filter(Boolean);
  const open = `<App action="${app.action}" id="${app.id}">`;
  return pretty
    ? `\t${open}\n${elements.map((element) => `\t\t${element}\n`).join('')}\t</App>\n`
    : `\t${open}${elements.join('')}</App>\n`;
}
