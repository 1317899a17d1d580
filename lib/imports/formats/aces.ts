import 'server-only';
import { ImportFileError } from './errors';
import { childId, elementId, positiveInteger, requiredChildId, requiredCount } from './fields';
import type { RejectedRecord } from './records';
import type { ReaderInput } from './text-input';
import { childOf, childrenOf, childText, readXmlRecords, textOf, type XmlNode, type XmlRecordSpec } from './xml-records';

export interface AcesHeader {
  kind: 'header';
  line: number;
  /** The root's `version` attribute, as sent ("4.2"). */
  version: string;
  /** As sent: `FULL` replaces the brand's imported rows, `UPDATE` (a net change) adds and deletes. */
  submissionType: string;
  full: boolean;
  brandAAIAID?: string;
  subBrandAAIAID?: string;
  company?: string;
  documentTitle?: string;
  transferDate?: string;
  effectiveDate?: string;
  vcdbVersionDate?: string;
  qdbVersionDate?: string;
  pcdbVersionDate?: string;
}

export type AcesVehicle = { baseVehicleId: number } | { yearFrom: number; yearTo: number; makeId: number; modelId: number };

/** A Qdb qualifier: its id, the values of its parameters in order, and its text as sent. */
export interface AcesQual {
  id: number;
  params: string[];
  /** The units the params give (`uom`), in order, where given. */
  units: string[];
  text: string;
}

export interface AcesApp {
  kind: 'app';
  line: number;
  id: string;
  action: 'A' | 'D';
  vehicle: AcesVehicle;
  subModelId?: number;
  engineBaseId?: number;
  /** The other VCdb-coded elements sent, by element name: `{ EngineVIN: 12, DriveType: 6 }`. */
  attributes: Record<string, number>;
  qty: number;
  partTypeId: number;
  positionId?: number;
  /** The Position's text, when sent ("Front"). */
  position?: string;
  part: string;
  /** The Part's BrandAAIAID, else the Header's. */
  brandAAIAID?: string;
  subBrandAAIAID?: string;
  notes: string[];
  quals: AcesQual[];
  mfrLabel?: string;
  assetName?: string;
}

export interface AcesFooter {
  kind: 'footer';
  line: number;
  /** The Footer's RecordCount, when it is a number. */
  recordCount?: number;
}

export type AcesEvent = AcesHeader | AcesApp | AcesFooter | RejectedRecord;

// The VCdb-coded App elements besides the vehicle, SubModel and EngineBase. From the ACES 3.2 schema's
// appItemsBaseType and transGroup (embedded in autopartsource/ACESinspector's Autocare.cs); EngineBlock and
// EngineBoreStroke are new in ACES_4_1_XSDSchema_Rev1.xsd and kept in ACES_4_2_XSDSchema_Rev2.xsd (autopartsource/sandpim).
const VCDB_ATTRIBUTES = new Set(
  (
    'MfrBodyCode BodyNumDoors BodyType DriveType EngineBlock EngineBoreStroke EngineDesignation EngineVIN EngineVersion ' +
    'EngineMfr PowerOutput ValvesPerEngine FuelDeliveryType FuelDeliverySubType FuelSystemControlType FuelSystemDesign ' +
    'Aspiration CylinderHeadType FuelType IgnitionSystemType TransmissionMfrCode TransmissionBase TransmissionType ' +
    'TransmissionControlType TransmissionNumSpeeds TransElecControlled TransmissionMfr BedLength BedType WheelBase ' +
    'BrakeSystem FrontBrakeType RearBrakeType BrakeABS FrontSpringType RearSpringType SteeringSystem SteeringType Region'
  ).split(' '),
);

/** Equipment applications (ACES 4.1's EquipmentBase, Mfr + EquipmentModel) name no vehicle the shop sells for. */
const EQUIPMENT = ['EquipmentBase', 'Mfr', 'EquipmentModel'];

/** The versions whose App reads as 3.2, 4.1 and 4.2 do (3.0 and 3.1 lack only header fields; 4.0 only EngineBlock). */
const READABLE_VERSION = /^[34]\.\d+(?:\.\d+)?$/;

const ACES: XmlRecordSpec = {
  root: 'ACES',
  kind: 'an ACES file',
  isRecord: (path) => path.length === 2,
};

/** A model year as the schema's yearType allows: four digits, from 1896. */
const yearOf = (text: string | undefined) => {
  const year = positiveInteger(text);
  return year !== null && year >= 1896 && year <= 9999 ? year : null;
};

function readHeader(node: XmlNode, version: string): AcesHeader {
  const submissionType = childText(node, 'SubmissionType');
  if (!submissionType) throw new ImportFileError(node.line, 'the Header has no SubmissionType (FULL or UPDATE)');
  const text = (name: string) => childText(node, name);
  return {
    kind: 'header',
    line: node.line,
    version,
    submissionType,
    full: submissionType.toUpperCase() === 'FULL',
    brandAAIAID: text('BrandAAIAID'),
    subBrandAAIAID: text('SubBrandAAIAID'),
    company: text('Company'),
    documentTitle: text('DocumentTitle'),
    transferDate: text('TransferDate'),
    effectiveDate: text('EffectiveDate'),
    vcdbVersionDate: text('VcdbVersionDate'),
    qdbVersionDate: text('QdbVersionDate'),
    pcdbVersionDate: text('PcdbVersionDate'),
  };
}

function readYears(app: XmlNode, years: XmlNode, problems: string[]): AcesVehicle | undefined {
  const yearFrom = yearOf(years.attrs.from);
  const yearTo = yearOf(years.attrs.to);
  const makeId = childId(app, 'Make', problems);
  const modelId = childId(app, 'Model', problems);
  if (yearFrom === null || yearTo === null) {
    problems.push(`Years from and to must be years, not "${years.attrs.from ?? ''}" and "${years.attrs.to ?? ''}"`);
  } else if (yearFrom > yearTo) problems.push(`Years from ${yearFrom} is after to ${yearTo}`);
  if (!childOf(app, 'Make') || !childOf(app, 'Model')) problems.push('no vehicle: Years need a Make and a Model');
  if (yearFrom === null || yearTo === null || makeId === undefined || modelId === undefined) return undefined;
  return { yearFrom, yearTo, makeId, modelId };
}

/** The vehicle by BaseVehicle id, or by Years + Make + Model. */
function readVehicle(app: XmlNode, problems: string[]): AcesVehicle | undefined {
  const baseVehicle = childOf(app, 'BaseVehicle');
  const years = childOf(app, 'Years');
  if (baseVehicle && years) problems.push('both a BaseVehicle and Years: an App names its vehicle one way');
  else if (years) return readYears(app, years, problems);
  else if (baseVehicle) {
    const baseVehicleId = childId(app, 'BaseVehicle', problems);
    return baseVehicleId === undefined ? undefined : { baseVehicleId };
  } else if (EQUIPMENT.some((name) => childOf(app, name))) problems.push('no vehicle: equipment applications are not imported');
  else problems.push('no vehicle: an App needs a BaseVehicle, or Years with a Make and a Model');
  return undefined;
}

function readAttributes(app: XmlNode, problems: string[]): Record<string, number> {
  const attributes: Record<string, number> = {};
  for (const child of app.children) {
    if (!VCDB_ATTRIBUTES.has(child.name) || child.name in attributes) continue;
    const id = elementId(child, problems);
    if (id !== undefined) attributes[child.name] = id;
  }
  return attributes;
}

function readQuals(app: XmlNode, problems: string[]): AcesQual[] {
  return childrenOf(app, 'Qual').flatMap((qual) => {
    const id = elementId(qual, problems);
    const params = childrenOf(qual, 'param');
    const values = params.map((param) => param.attrs.value ?? '');
    const units = params.flatMap((param) => param.attrs.uom?.trim() || []);
    return id === undefined ? [] : [{ id, params: values, units, text: textOf(childOf(qual, 'text')) ?? '' }];
  });
}

function readAction(app: XmlNode, problems: string[]): 'A' | 'D' {
  const action = app.attrs.action?.trim().toUpperCase();
  if (action === 'A' || action === 'D') return action;
  problems.push(`action must be A or D, not "${app.attrs.action ?? ''}"`);
  return 'A';
}

function readApp(app: XmlNode, header: AcesHeader): AcesApp | RejectedRecord {
  const problems: string[] = [];
  const id = app.attrs.id?.trim();
  if (!id) problems.push('the App has no id');
  const action = readAction(app, problems);
  const vehicle = readVehicle(app, problems);
  const part = childOf(app, 'Part');
  const read: Omit<AcesApp, 'vehicle'> = {
    kind: 'app',
    line: app.line,
    id: id ?? '',
    action,
    subModelId: childId(app, 'SubModel', problems),
    engineBaseId: childId(app, 'EngineBase', problems),
    attributes: readAttributes(app, problems),
    qty: requiredCount(childText(app, 'Qty'), 'Qty', problems),
    partTypeId: requiredChildId(app, 'PartType', problems),
    positionId: childId(app, 'Position', problems),
    position: childText(app, 'Position'),
    part: textOf(part) ?? '',
    brandAAIAID: part?.attrs.BrandAAIAID?.trim() || header.brandAAIAID,
    subBrandAAIAID: part?.attrs.SubBrandAAIAID?.trim() || header.subBrandAAIAID,
    notes: childrenOf(app, 'Note').flatMap((note) => textOf(note) ?? []),
    quals: readQuals(app, problems),
    mfrLabel: childText(app, 'MfrLabel'),
    assetName: childText(app, 'AssetName'),
  };
  if (!read.part) problems.push('Part is missing');
  if (problems.length || !vehicle) return { kind: 'rejected', line: app.line, id, reason: problems.join('; ') };
  return { ...read, vehicle };
}

function readVersion(root: XmlNode): string {
  const version = root.attrs.version?.trim();
  if (!version) throw new ImportFileError(root.line, 'the <ACES> element has no version');
  if (!READABLE_VERSION.test(version)) throw new ImportFileError(root.line, `ACES ${version} is not read here (3.2, 4.1 and 4.2 are)`);
  return version;
}

/**
 * The events of an ACES file as it is read: its header, then each App (or why it was rejected), then
 * the footer. Only the App being read is held in memory; a broken file throws ImportFileError.
 */
export async function* readAces(input: ReaderInput): AsyncGenerator<AcesEvent> {
  let root: XmlNode | undefined;
  let version = '';
  let header: AcesHeader | undefined;
  for await (const { type, node } of readXmlRecords(input, ACES)) {
    if (type === 'root') version = readVersion((root = node));
    else if (node.name === 'Header') yield (header = readHeader(node, version));
    else if (!header) throw new ImportFileError(node.line, `the Header must come before the first <${node.name}>`);
    else if (node.name === 'App') yield readApp(node, header);
    else if (node.name === 'Footer')
      yield { kind: 'footer', line: node.line, recordCount: positiveInteger(childText(node, 'RecordCount')) ?? undefined };
  }
  if (!header) throw new ImportFileError(root?.line ?? 1, 'the file has no Header');
}
