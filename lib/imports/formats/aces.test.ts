import { readAces, type AcesEvent } from '@/lib/imports';
import { collect, fileError, fixtureBytes, fixtureStream, pieces, strings } from '@/tests/helpers/imports';

const HEADER = `<Header><Company>Fixture Co</Company><BrandAAIAID>BQXT</BrandAAIAID><SubmissionType>FULL</SubmissionType></Header>`;

/** A one-App ACES 4.2 file, the App's body given; the App opens on line 3. */
const oneApp = (attrs: string, body: string) => `<ACES version="4.2">\n${HEADER}\n<App ${attrs}>${body}</App>\n<Footer/></ACES>`;
const PART = '<Qty>1</Qty><PartType id="1684"/><Part>PM-1</Part>';
const VEHICLE = '<BaseVehicle id="900001"/>';

async function appOf(attrs: string, body: string) {
  const events = await collect(readAces(strings(oneApp(attrs, body))));
  return events.find((event) => event.kind === 'app' || event.kind === 'rejected');
}

describe('readAces: every field, from each version', () => {
  it('reads ACES 4.2 with a BOM, Windows line ends, CDATA, an empty Note and attributes in either order', async () => {
    const bytes = fixtureBytes('aces-4.2-full.xml');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    expect(await collect(readAces(fixtureStream('aces-4.2-full.xml')))).toEqual<AcesEvent[]>([
      {
        kind: 'header',
        line: 3,
        version: '4.2',
        submissionType: 'FULL',
        full: true,
        brandAAIAID: 'BQXT',
        subBrandAAIAID: 'BQXV',
        company: 'Synthetic Friction Co',
        documentTitle: 'Synthetic brake fitment, full',
        transferDate: '2025-03-01',
        effectiveDate: '2025-03-01',
        vcdbVersionDate: '2025-02-27',
        qdbVersionDate: '2025-02-26',
        pcdbVersionDate: '2025-02-25',
      },
      {
        kind: 'app',
        line: 17,
        id: '1',
        action: 'A',
        vehicle: { baseVehicleId: 900001 },
        subModelId: 901,
        engineBaseId: 9801,
        attributes: { EngineVIN: 23, Aspiration: 6 },
        qty: 1,
        partTypeId: 1684,
        positionId: 22,
        position: 'Front',
        part: 'PM-BP1001',
        brandAAIAID: 'BQXT',
        subBrandAAIAID: 'BQXU',
        notes: ['Ceramic pads & shims <included>', 'Ø 288 mm rotors only'],
        quals: [{ id: 9001, params: ['288'], units: ['mm'], text: 'With 288 mm Front Rotors' }],
        mfrLabel: 'Front ceramic pads',
        assetName: 'PMBP1001_FIG',
      },
      {
        kind: 'app',
        line: 37,
        id: '2',
        action: 'A',
        vehicle: { yearFrom: 2014, yearTo: 2016, makeId: 9001, modelId: 9101 },
        subModelId: 902,
        attributes: { BodyType: 5, DriveType: 6 },
        qty: 2,
        partTypeId: 1896,
        positionId: 22,
        part: 'PM-RT2001',
        brandAAIAID: 'BQXT',
        subBrandAAIAID: 'BQXV',
        notes: ['Front', 'Vented'],
        quals: [
          { id: 9002, params: ['320', '12.6'], units: ['mm', 'in'], text: 'With 320 mm x 12.6 in Rotors' },
          { id: 9003, params: [], units: [], text: 'Without Sport Package' },
        ],
      },
      {
        kind: 'app',
        line: 59,
        id: '3',
        action: 'A',
        vehicle: { baseVehicleId: 900002 },
        attributes: {},
        qty: 1,
        partTypeId: 1684,
        positionId: 30,
        part: 'PM-BP1002',
        brandAAIAID: 'BQXT',
        subBrandAAIAID: 'BQXV',
        notes: [],
        quals: [],
      },
      { kind: 'footer', line: 77, recordCount: 3 },
    ]);
  });

  it("reads an ACES 4.1 net change in a default namespace: deletes, 4.1's EngineBlock, a rejected App", async () => {
    expect(await collect(readAces(fixtureStream('aces-4.1-net.xml')))).toEqual<AcesEvent[]>([
      {
        kind: 'header',
        line: 3,
        version: '4.1',
        submissionType: 'UPDATE',
        full: false,
        brandAAIAID: 'BQXT',
        company: 'Synthetic Friction Co',
        documentTitle: 'Synthetic brake fitment, net change',
        transferDate: '2025-04-01',
        effectiveDate: '2025-04-01',
        vcdbVersionDate: '2025-03-27',
        qdbVersionDate: '2025-03-26',
        pcdbVersionDate: '2025-03-25',
      },
      {
        kind: 'app',
        line: 16,
        id: '3',
        action: 'D',
        vehicle: { baseVehicleId: 900002 },
        attributes: {},
        qty: 1,
        partTypeId: 1684,
        positionId: 30,
        part: 'PM-BP1002',
        brandAAIAID: 'BQXT',
        notes: [],
        quals: [],
      },
      {
        kind: 'app',
        line: 23,
        id: '4',
        action: 'A',
        vehicle: { baseVehicleId: 900003 },
        engineBaseId: 9802,
        attributes: { EngineBlock: 7, TransmissionBase: 310 },
        qty: 1,
        partTypeId: 1684,
        positionId: 30,
        part: 'PM-BP1003',
        brandAAIAID: 'BQXZ',
        notes: ['Rear'],
        quals: [],
      },
      { kind: 'rejected', line: 34, id: '5', reason: 'Qty must be a whole number above 0, not "0"' },
      { kind: 'footer', line: 40, recordCount: 3 },
    ]);
  });

  it('reads ACES 3.2 in the ISO-8859-1 its declaration names', async () => {
    const events = await collect(readAces(fixtureStream('aces-3.2-full.xml')));
    expect(events).toEqual<AcesEvent[]>([
      expect.objectContaining({ kind: 'header', line: 3, version: '3.2', submissionType: 'FULL', full: true, brandAAIAID: 'BQXW' }),
      {
        kind: 'app',
        line: 16,
        id: '101',
        action: 'A',
        vehicle: { baseVehicleId: 900001 },
        engineBaseId: 9801,
        attributes: { FuelType: 5 },
        qty: 1,
        partTypeId: 5340,
        part: 'PM-OF3001',
        brandAAIAID: 'BQXW',
        notes: ['Filtre synthétique, réf. 12°'],
        quals: [],
      },
      {
        kind: 'app',
        line: 25,
        id: '102',
        action: 'A',
        vehicle: { yearFrom: 2012, yearTo: 2015, makeId: 9002, modelId: 9201 },
        attributes: {},
        qty: 1,
        partTypeId: 6832,
        part: 'PM-AF3101',
        brandAAIAID: 'BQXW',
        notes: [],
        quals: [],
      },
      { kind: 'footer', line: 33, recordCount: 2 },
    ]);
  });

  it('reads the same events however the bytes are split, even inside a character or a CRLF', async () => {
    const whole = await collect(readAces(fixtureStream('aces-4.2-full.xml')));
    for (const size of [1, 2, 7, 64]) {
      expect(await collect(readAces(pieces(fixtureBytes('aces-4.2-full.xml'), size)))).toEqual(whole);
      expect(await collect(readAces(pieces(fixtureBytes('aces-3.2-full.xml'), size)))).toEqual(
        await collect(readAces(fixtureStream('aces-3.2-full.xml'))),
      );
    }
  });

  it('reads UTF-16 by its byte-order mark', async () => {
    const bytes = Buffer.from('\uFEFF' + oneApp('action="A" id="9"', VEHICLE + PART.replace('PM-1', 'PM-Ø1')), 'utf16le');
    expect(await collect(readAces(pieces(bytes, 3)))).toEqual([
      expect.objectContaining({ kind: 'header', brandAAIAID: 'BQXT' }),
      expect.objectContaining({ kind: 'app', id: '9', part: 'PM-Ø1' }),
      { kind: 'footer', line: 4 },
    ]);
  });

  it('reads a prefixed namespace as the plain names', async () => {
    const xml = oneApp('action="A" id="9"', VEHICLE + PART)
      .replace(/<(\/?)(\w+)/g, '<$1a:$2')
      .replace('<a:ACES', '<a:ACES xmlns:a="http://www.autocare.org"');
    expect(await collect(readAces(strings(xml)))).toEqual([
      expect.objectContaining({ kind: 'header', brandAAIAID: 'BQXT' }),
      expect.objectContaining({ kind: 'app', id: '9', part: 'PM-1', vehicle: { baseVehicleId: 900001 } }),
      { kind: 'footer', line: 4 },
    ]);
  });

  it('takes the action without regard to case, and the brand from the Part before the Header', async () => {
    expect(await appOf('action="d" id="9"', VEHICLE + PART)).toMatchObject({ kind: 'app', action: 'D', brandAAIAID: 'BQXT' });
    const branded = VEHICLE + PART.replace('<Part>', '<Part BrandAAIAID="BQXZ">');
    expect(await appOf('id="9" action="A"', branded)).toMatchObject({ kind: 'app', action: 'A', brandAAIAID: 'BQXZ' });
  });

  it.each([
    ['FULL', true],
    ['full', true],
    ['UPDATE', false],
    ['TEST', false],
  ])('reads SubmissionType %s as full: %s', async (submissionType, full) => {
    const [header] = await collect(readAces(strings(oneApp('action="A" id="9"', VEHICLE + PART).replace('FULL', submissionType))));
    expect(header).toMatchObject({ kind: 'header', submissionType, full });
  });

  it.each([
    ['a one-year range', '2015', '2015'],
    ['the first model year the schema allows', '1896', '1897'],
  ])('accepts %s', async (_, from, to) => {
    const years = `<Years from="${from}" to="${to}"/><Make id="1"/><Model id="2"/>`;
    expect(await appOf('action="A" id="9"', years + PART)).toMatchObject({
      kind: 'app',
      vehicle: { yearFrom: Number(from), yearTo: Number(to), makeId: 1, modelId: 2 },
    });
  });
});

describe('readAces: a wrong App is rejected with its line, id and reason, and the reading goes on', () => {
  const years = (from: string, to: string) => `<Years from="${from}" to="${to}"/><Make id="1"/><Model id="2"/>`;
  const qty = (text: string) => VEHICLE + PART.replace('<Qty>1', `<Qty>${text}`);
  it.each([
    ['no Part', VEHICLE + '<Qty>1</Qty><PartType id="1684"/>', 'Part is missing'],
    ['an empty Part', VEHICLE + '<Qty>1</Qty><PartType id="1684"/><Part> </Part>', 'Part is missing'],
    ['no vehicle', PART, 'no vehicle: an App needs a BaseVehicle, or Years with a Make and a Model'],
    ['Years without a Model', '<Years from="2014" to="2016"/><Make id="1"/>' + PART, 'no vehicle: Years need a Make and a Model'],
    ['an equipment App', '<EquipmentBase id="5"/>' + PART, 'no vehicle: equipment applications are not imported'],
    [
      'two ways to name the vehicle',
      VEHICLE + years('2014', '2016') + PART,
      'both a BaseVehicle and Years: an App names its vehicle one way',
    ],
    ['Years from after to', years('2017', '2016') + PART, 'Years from 2017 is after to 2016'],
    ['Years that are not years', years('MY14', '2016') + PART, 'Years from and to must be years, not "MY14" and "2016"'],
    ['Years of two digits', years('14', '16') + PART, 'Years from and to must be years, not "14" and "16"'],
    ['a year before 1896', years('1895', '1901') + PART, 'Years from and to must be years, not "1895" and "1901"'],
    ['a five-digit year', years('2015', '20150') + PART, 'Years from and to must be years, not "2015" and "20150"'],
    ['Qty 0', qty('0'), 'Qty must be a whole number above 0, not "0"'],
    ['a negative Qty', qty('-2'), 'Qty must be a whole number above 0, not "-2"'],
    ['a Qty in exponent form', qty('1e1'), 'Qty must be a whole number above 0, not "1e1"'],
    ['a fractional Qty', qty('1.5'), 'Qty must be a whole number above 0, not "1.5"'],
    ['no Qty', VEHICLE + PART.replace('<Qty>1</Qty>', ''), 'Qty is missing'],
    ['no PartType', VEHICLE + PART.replace('<PartType id="1684"/>', ''), 'PartType is missing'],
    ['a BaseVehicle id that is not a number', '<BaseVehicle id="abc"/>' + PART, 'BaseVehicle id must be a whole number above 0, not "abc"'],
    [
      'a Qual id that is not a number',
      VEHICLE + '<Qual id="A1"><text>With AC</text></Qual>' + PART,
      'Qual id must be a whole number above 0, not "A1"',
    ],
    ['an attribute id of 0', VEHICLE + '<EngineVIN id="0"/>' + PART, 'EngineVIN id must be a whole number above 0, not "0"'],
    ['a Qual without an id', VEHICLE + '<Qual><text>With AC</text></Qual>' + PART, 'Qual has no id'],
  ])('rejects %s', async (_, body, reason) => {
    expect(await appOf('action="A" id="7"', body)).toEqual({ kind: 'rejected', line: 3, id: '7', reason });
  });

  it.each([
    ['an action other than A or D', 'action="X" id="7"', 'action must be A or D, not "X"'],
    ['no action', 'id="7"', 'action must be A or D, not ""'],
  ])('rejects %s', async (_, attrs, reason) => {
    expect(await appOf(attrs, VEHICLE + PART)).toEqual({ kind: 'rejected', line: 3, id: '7', reason });
  });

  it('rejects an App without an id, naming the line', async () => {
    expect(await appOf('action="A"', VEHICLE + PART)).toEqual({ kind: 'rejected', line: 3, reason: 'the App has no id' });
  });

  it('gives every reason of an App wrong in several ways, and reads the next App', async () => {
    const xml = oneApp('action="A" id="7"', '<Qty>0</Qty>').replace('<Footer/>', `<App action="A" id="8">${VEHICLE + PART}</App>`);
    expect((await collect(readAces(strings(xml)))).slice(1)).toEqual([
      {
        kind: 'rejected',
        line: 3,
        id: '7',
        reason:
          'no vehicle: an App needs a BaseVehicle, or Years with a Make and a Model; Qty must be a whole number above 0, not "0"; PartType is missing; Part is missing',
      },
      expect.objectContaining({ kind: 'app', id: '8', line: 4 }),
    ]);
  });
});

describe('readAces: a file that cannot be read throws ImportFileError with the line', () => {
  it.each([
    ['a CSV file', 'MakeID|MakeName\n1|Synthetic\n', 1, 'this is not an XML file: it starts with "MakeID|MakeName", not with a tag'],
    ['a JSON file after blank lines', '\n\n{"Apps": []}', 3, 'this is not an XML file: it starts with "{"Apps": []}", not with a tag'],
    ['an empty file', '', 1, 'this is not well-formed XML (document must contain a root element.)'],
    [
      'a PIES file',
      '<?xml version="1.0"?>\n<PIES xmlns="http://www.autocare.org">\n</PIES>',
      2,
      'the root element is <PIES>, not <ACES>: this is not an ACES file',
    ],
    [
      'a file cut inside an App',
      oneApp('action="A" id="7"', VEHICLE + '\n<Qty>1</Qty>\n<Par').split('<Par')[0]!,
      5,
      'the file ends inside the <App> opened on line 3: it was cut short',
    ],
    [
      'a file cut inside an element of an App',
      oneApp('action="A" id="7"', VEHICLE + '\n<Part>PM').split('PM')[0]! + 'PM',
      4,
      'the file ends inside <Part> of the <App> opened on line 3: it was cut short',
    ],
    [
      'a file cut between Apps',
      oneApp('action="A" id="7"', VEHICLE + PART).split('<Footer/>')[0]!,
      4,
      'the file ends inside <ACES>: it was cut short',
    ],
    ['mismatched tags', `<ACES version="4.2">\n${HEADER}\n<App></Ap>`, 3, 'this is not well-formed XML (unexpected close tag.)'],
    ['no version', `<ACES>\n${HEADER}</ACES>`, 1, 'the <ACES> element has no version'],
    ['a version not read here', `<ACES version="5.0">\n${HEADER}</ACES>`, 1, 'ACES 5.0 is not read here (3.2, 4.1 and 4.2 are)'],
    [
      'an App before the Header',
      `<ACES version="4.2">\n<App action="A" id="1"/>\n${HEADER}</ACES>`,
      2,
      'the Header must come before the first <App>',
    ],
    ['no Header', '<ACES version="4.2">\n<Footer/>\n</ACES>', 2, 'the Header must come before the first <Footer>'],
    ['no Header at all', '<ACES version="4.2"></ACES>', 1, 'the file has no Header'],
    [
      'a Header without SubmissionType',
      `<ACES version="4.2">\n${HEADER.replace(/<SubmissionType>.*<\/SubmissionType>/, '')}</ACES>`,
      2,
      'the Header has no SubmissionType (FULL or UPDATE)',
    ],
  ])('refuses %s', async (_, text, line, reason) => {
    const error = await fileError(readAces(strings(text)));
    expect({ line: error.line, reason: error.reason }).toEqual({ line, reason });
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Line ${line}: ${reason}`);
  });

  it('refuses an encoding it cannot decode', async () => {
    const error = await fileError(readAces(pieces(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><ACES/>'), 8)));
    expect({ line: error.line, reason: error.reason }).toEqual({
      line: 1,
      reason: 'the file\'s encoding "x-klingon" is not one we can read (save it as UTF-8)',
    });
  });

  it('yields the Apps before the fault, then throws', async () => {
    const cut = fixtureBytes('aces-4.2-full.xml').toString('utf8').split('<App action="A" id="3">')[0]!;
    const kinds: string[] = [];
    const reading = (async () => {
      for await (const event of readAces(strings(cut))) kinds.push(event.kind);
    })();
    await expect(reading).rejects.toMatchObject({ line: 59, reason: 'the file ends inside <ACES>: it was cut short' });
    expect(kinds).toEqual(['header', 'app', 'app']);
  });
});

describe('readAces: streaming', () => {
  it('pulls the input only as far as the events asked for', async () => {
    let pulled = 0;
    async function* source() {
      yield `<ACES version="4.2">${HEADER}`;
      for (let id = 1; id <= 1000; id++) {
        pulled++;
        yield `<App action="A" id="${id}">${VEHICLE + PART}</App>`;
      }
      yield '<Footer/></ACES>';
    }
    const events = readAces(source());
    await events.next();
    const second = await events.next();
    expect(second.value).toMatchObject({ kind: 'app', id: '1' });
    expect(pulled).toBeLessThanOrEqual(2);
    await events.return(undefined);
  });
});
