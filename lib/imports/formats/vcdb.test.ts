import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { readVcdbExtract, readVcdbTable, readVcdbZip, vcdbTableOf, type VcdbEvent } from '@/lib/imports';
import { collect, fileError, fixtureBytes, fixtureStream, pieces, strings } from '@/tests/helpers/imports';

const TABLE_FILES = readdirSync(path.join(process.cwd(), 'tests/fixtures/imports/vcdb')).sort();
const rowsOf = (events: VcdbEvent[]) => events.flatMap((event) => (event.kind === 'row' ? [event.row] : []));

/** The extract's files zipped in the test, under a folder as suppliers' zips often have them. */
const extractZip = (extra: Record<string, Uint8Array> = {}) =>
  zipSync({
    ...Object.fromEntries(TABLE_FILES.map((name) => [`vcdb-2025-02/${name}`, fixtureBytes(`vcdb/${name}`)])),
    ...extra,
  });

describe('readVcdbTable', () => {
  it('reads a pipe table with a BOM and Windows line ends, ignoring columns it does not use', async () => {
    const bytes = fixtureBytes('vcdb/Make.txt');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    expect(await collect(readVcdbTable('Make', fixtureStream('vcdb/Make.txt')))).toEqual<VcdbEvent[]>([
      { kind: 'row', table: 'Make', line: 2, row: { makeId: 9001, makeName: 'Auriga' } },
      { kind: 'row', table: 'Make', line: 3, row: { makeId: 9002, makeName: 'Borealis' } },
      { kind: 'row', table: 'Make', line: 4, row: { makeId: 9003, makeName: 'Calder Motor Works' } },
    ]);
  });

  it('reads a tab table by column name, in any order', async () => {
    expect(rowsOf(await collect(readVcdbTable('Model', fixtureStream('vcdb/Model.txt'))))).toEqual([
      { modelId: 9101, modelName: 'Nimbus' },
      { modelId: 9102, modelName: 'Strata' },
      { modelId: 9201, modelName: 'Cirrus Van' },
    ]);
  });

  it.each([
    ['BaseVehicle', { baseVehicleId: 900001, yearId: 2015, makeId: 9001, modelId: 9101 }, 4],
    ['SubModel', { subModelId: 901, subModelName: 'LE' }, 3],
    ['EngineBase', { engineBaseId: 9801, liter: '1.8', cylinders: '4', blockType: 'L' }, 2],
    ['Vehicle', { vehicleId: 70001, baseVehicleId: 900001, subModelId: 901 }, 3],
    ['EngineConfig', { engineConfigId: 8001, engineBaseId: 9801 }, 2],
    ['VehicleToEngineConfig', { vehicleId: 70001, engineConfigId: 8001 }, 3],
  ] as const)('reads the %s table', async (table, first, count) => {
    const rows = rowsOf(await collect(readVcdbTable(table, fixtureStream(`vcdb/${table}.txt`))));
    expect(rows[0]).toEqual(first);
    expect(rows).toHaveLength(count);
  });

  it('matches column names without regard to case (Vehicle says SubmodelID, SubModel says SubModelID)', async () => {
    const events = await collect(readVcdbTable('SubModel', strings('submodelid|SUBMODELNAME\n901|LE\n')));
    expect(rowsOf(events)).toEqual([{ subModelId: 901, subModelName: 'LE' }]);
  });

  it('reads the same rows however the bytes are split, a CRLF or a character included', async () => {
    const text = 'MakeID|MakeName\r\n9001|Škoda-like Auriga\r\n9002|Borealis\r\n';
    const whole = await collect(readVcdbTable('Make', strings(text)));
    expect(rowsOf(whole)).toEqual([
      { makeId: 9001, makeName: 'Škoda-like Auriga' },
      { makeId: 9002, makeName: 'Borealis' },
    ]);
    for (const size of [1, 2, 3, 5]) expect(await collect(readVcdbTable('Make', pieces(Buffer.from(text), size)))).toEqual(whole);
  });

  it('reads a first column name after a BOM in text as in bytes', async () => {
    expect(rowsOf(await collect(readVcdbTable('Make', strings('\uFEFFMakeID|MakeName\n9001|Auriga\n'))))).toEqual([
      { makeId: 9001, makeName: 'Auriga' },
    ]);
  });

  it.each([
    ['|', 'MakeID|MakeName|Note\tText\n9001|Auriga|x\ty\n'],
    ['a tab', 'MakeID\tMakeName\tNote|Text\n9001\tAuriga\tx|y\n'],
  ])('splits on %s when the first line holds more of it than of the other', async (_, text) => {
    expect(rowsOf(await collect(readVcdbTable('Make', strings(text))))).toEqual([{ makeId: 9001, makeName: 'Auriga' }]);
  });

  it('skips blank lines and reads a last line without a line end', async () => {
    const events = await collect(readVcdbTable('Make', strings('MakeID|MakeName\n\n9001|Auriga\n  \n9002|Borealis')));
    expect(events.map((event) => event.kind === 'row' && [event.line, event.row.makeId])).toEqual([
      [3, 9001],
      [5, 9002],
    ]);
  });

  it.each([
    [
      'an id that is not a number',
      '9001|Auriga\nX9|Borealis',
      { line: 3, id: 'X9', reason: 'MakeID must be a whole number above 0, not "X9"' },
    ],
    ['an id of 0', '0|Auriga', { line: 2, id: '0', reason: 'MakeID must be a whole number above 0, not "0"' }],
    ['a missing id', '|Auriga', { line: 2, reason: 'MakeID must be a whole number above 0, not ""' }],
    ['a line short of fields', '9001', { line: 2, id: '9001', reason: 'the line has 1 fields where the first line names 2' }],
    ['a line with a field too many', '9001|Auri|ga', { line: 2, id: '9001', reason: 'the line has 3 fields where the first line names 2' }],
  ])('rejects %s and reads on', async (_, lines, rejected) => {
    const events = await collect(readVcdbTable('Make', strings(`MakeID|MakeName\n${lines}\n9009|Last`)));
    expect(events.find((event) => event.kind === 'rejected')).toEqual({ kind: 'rejected', table: 'Make', ...rejected });
    expect(events.at(-1)).toMatchObject({ kind: 'row', row: { makeId: 9009 } });
  });

  it.each([
    ['a table without a column it needs', 'Make', 'MakeID|Name\n1|Auriga\n', 1, 'the Make table has no MakeName column'],
    ['a first line with one column', 'Make', 'MakeID\n1\n', 1, 'the first line names no columns separated by | or a tab'],
    ['a comma-separated table', 'Make', 'MakeID,MakeName\n1,Auriga\n', 1, 'the first line names no columns separated by | or a tab'],
    ['an empty file', 'Make', '', 1, 'the Make table is empty'],
    ['a Vehicle table without SubmodelID', 'Vehicle', 'VehicleID|BaseVehicleID\n1|2\n', 1, 'the Vehicle table has no SubmodelID column'],
  ] as const)('refuses %s with ImportFileError', async (_, table, text, line, reason) => {
    const error = await fileError(readVcdbTable(table, strings(text), `${table}.txt`));
    expect({ line: error.line, reason: error.reason, file: error.file }).toEqual({ line, reason, file: `${table}.txt` });
    expect(error.message).toBe(`${table}.txt, line ${line}: ${reason}`);
  });
});

describe('vcdbTableOf', () => {
  it.each([
    ['Make.txt', 'Make'],
    ['vcdb/BaseVehicle.TXT', 'BaseVehicle'],
    ['extract\\20250227_Vehicle.txt', 'Vehicle'],
    ['vehicletoengineconfig.txt', 'VehicleToEngineConfig'],
    ['DriveType.txt', null],
    ['__MACOSX/._Make.txt', null],
    ['MakeName.txt', null],
  ])('%s holds %s', (file, table) => {
    expect(vcdbTableOf(file)).toBe(table);
  });
});

describe('readVcdbExtract', () => {
  it('reads each table file in turn and skips the tables it does not read', async () => {
    const events = await collect(readVcdbExtract(TABLE_FILES.map((name) => ({ name, input: fixtureStream(`vcdb/${name}`) }))));
    expect(events.filter((event) => event.kind === 'table')).toEqual([
      { kind: 'table', table: 'BaseVehicle', file: 'BaseVehicle.txt' },
      { kind: 'table', table: 'EngineBase', file: 'EngineBase.txt' },
      { kind: 'table', table: 'EngineConfig', file: 'EngineConfig.txt' },
      { kind: 'table', table: 'Make', file: 'Make.txt' },
      { kind: 'table', table: 'Model', file: 'Model.txt' },
      { kind: 'table', table: 'SubModel', file: 'SubModel.txt' },
      { kind: 'table', table: 'Vehicle', file: 'Vehicle.txt' },
      { kind: 'table', table: 'VehicleToEngineConfig', file: 'VehicleToEngineConfig.txt' },
    ]);
    expect(events.filter((event) => event.kind === 'row')).toHaveLength(23);
    expect(events.some((event) => event.kind === 'rejected')).toBe(false);
  });

  it('closes the stream of a table it skips', async () => {
    const skipped = fixtureStream('vcdb/DriveType.txt');
    await collect(readVcdbExtract([{ name: 'DriveType.txt', input: skipped }]));
    expect(skipped.destroyed).toBe(true);
  });
});

describe('readVcdbZip', () => {
  const fromFiles = async () =>
    await collect(readVcdbExtract(TABLE_FILES.map((name) => ({ name: `vcdb-2025-02/${name}`, input: fixtureStream(`vcdb/${name}`) }))));

  it('reads the tables of a zip as the extract of the same files', async () => {
    expect(await collect(readVcdbZip(extractZip()))).toEqual(await fromFiles());
  });

  it('reads a zip from its path, streamed from disk in chunks', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vcdb-'));
    try {
      const file = path.join(dir, 'extract.zip');
      writeFileSync(file, extractZip());
      expect(await collect(readVcdbZip(file))).toEqual(await fromFiles());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['deflated', 6],
    ['stored', 0],
  ] as const)('reads a large %s entry given in many chunks, lines and characters split between them', async (_, level) => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `${i + 1}|€ŠŽ€ŠŽ€ŠŽ ${i + 1}`);
    const zip = zipSync({ 'Make.txt': Buffer.from(`MakeID|MakeName\n${rows.join('\n')}\n`) }, { level });
    let count = 0;
    for await (const event of readVcdbZip(zip)) {
      if (event.kind !== 'row' || event.table !== 'Make') continue;
      count++;
      expect(event.row.makeName).toBe(`€ŠŽ€ŠŽ€ŠŽ ${event.row.makeId}`);
    }
    expect(count).toBe(60_000);
  });

  it('reads the last line of an entry that has no line end', async () => {
    const events = await collect(readVcdbZip(zipSync({ 'Make.txt': Buffer.from('MakeID|MakeName\n9001|Auriga\n9002|Borealis') })));
    expect(rowsOf(events)).toEqual([
      { makeId: 9001, makeName: 'Auriga' },
      { makeId: 9002, makeName: 'Borealis' },
    ]);
  });

  it('refuses bytes that are not a zip', async () => {
    const error = await fileError(readVcdbZip(Buffer.from('MakeID|MakeName\n1|Auriga\n')));
    expect({ line: error.line, reason: error.reason }).toEqual({ line: null, reason: 'this is not a zip file, or it holds no files' });
  });

  it('refuses a zip without any table it reads', async () => {
    const error = await fileError(readVcdbZip(zipSync({ 'DriveType.txt': fixtureBytes('vcdb/DriveType.txt') })));
    expect(error.reason).toBe(
      'the zip holds none of the VCdb tables read here (Make, Model, BaseVehicle, SubModel, EngineBase, Vehicle, EngineConfig, VehicleToEngineConfig)',
    );
  });

  it('refuses a zipped table without a column it needs, naming its file', async () => {
    const error = await fileError(readVcdbZip(extractZip({ 'vcdb-2025-02/Model.txt': Buffer.from('ModelID|Name\n1|Nimbus\n') })));
    expect({ line: error.line, reason: error.reason, file: error.file }).toEqual({
      line: 1,
      reason: 'the Model table has no ModelName column',
      file: 'vcdb-2025-02/Model.txt',
    });
  });
});
