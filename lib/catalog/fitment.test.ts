import { fitLabel, fitmentForStatus, fitStatus, StatusRows, vehicleLabel } from '@/lib/catalog/fitment';

const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };

describe('fitStatus', () => {
  it('fits inside the year range, on both ends, and not outside', () => {
    for (const year of [2014, 2016, 2019]) expect(fitStatus([corolla], { year, make: 'Toyota', model: 'Corolla' })).toBe('fits');
    for (const year of [2013, 2020]) expect(fitStatus([corolla], { year, make: 'Toyota', model: 'Corolla' })).toBe('no');
  });

  it('matches make and model without regard to case, and never another model', () => {
    expect(fitStatus([corolla], { year: 2016, make: 'toyota', model: 'COROLLA' })).toBe('fits');
    expect(fitStatus([corolla], { year: 2016, make: 'Toyota', model: 'Camry' })).toBe('no');
    expect(fitStatus([corolla], { year: 2016, make: 'Honda', model: 'Corolla' })).toBe('no');
  });

  it('treats a row for one engine: fits that engine, not another, and asks to check when no engine was chosen', () => {
    const row = { ...corolla, engine: '1.8L I4' };
    expect(fitStatus([row], { year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L I4' })).toBe('fits');
    expect(fitStatus([row], { year: 2016, make: 'Toyota', model: 'Corolla', engine: '2.0L I4' })).toBe('no');
    expect(fitStatus([row], { year: 2016, make: 'Toyota', model: 'Corolla' })).toBe('check');
  });

  it('matches an imported row with a submodel, position and qualifiers by its year, make, model and engine', () => {
    const row = { ...corolla, engine: '1.8L L4', subModel: 'LE', position: 'Front', quantity: 2, qualifiers: [{ text: 'DriveType 6' }] };
    expect(fitStatus([row], { year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L L4' })).toBe('fits');
    expect(fitStatus([row], { year: 2016, make: 'Toyota', model: 'Corolla', engine: '2.0L L4' })).toBe('no');
    expect(fitStatus([row], { year: 2020, make: 'Toyota', model: 'Corolla', engine: '1.8L L4' })).toBe('no');
  });

  it('fits any engine when the row names none', () => {
    expect(fitStatus([corolla], { year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L I4' })).toBe('fits');
  });

  it('asks to check a matching row with notes, unless another row fits outright', () => {
    const noted = { ...corolla, notes: 'With 275 mm front rotors' };
    expect(fitStatus([noted], { year: 2016, make: 'Toyota', model: 'Corolla' })).toBe('check');
    expect(fitStatus([noted, { ...corolla, yearFrom: 2016, yearTo: 2016 }], { year: 2016, make: 'Toyota', model: 'Corolla' })).toBe('fits');
  });

  it('asks to check a part without fitment data', () => {
    expect(fitStatus([], { year: 2016, make: 'Toyota', model: 'Corolla' })).toBe('check');
  });
});

describe('fitmentForStatus', () => {
  it('drops empty fields and the notes text, and every vehicle gets the status the whole rows give', () => {
    const rows = [
      { ...corolla, engine: null, notes: null },
      { ...corolla, yearFrom: 2020, yearTo: 2022, engine: '2.0L I4', notes: null },
      {
        make: 'Toyota',
        model: 'Camry',
        yearFrom: 2012,
        yearTo: 2017,
        engine: null,
        notes: 'With 275 mm front rotors, not the 296 mm of the V6',
      },
    ];
    const compact = fitmentForStatus(rows);
    expect(compact).toEqual([
      { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 },
      { make: 'Toyota', model: 'Corolla', yearFrom: 2020, yearTo: 2022, engine: '2.0L I4' },
      { make: 'Toyota', model: 'Camry', yearFrom: 2012, yearTo: 2017, notes: '*' },
    ]);
    const seen = new Set<string>();
    for (const model of ['Corolla', 'Camry', 'RAV4'])
      for (const year of [2011, 2014, 2016, 2019, 2021, 2023])
        for (const engine of [undefined, '2.0L I4', '1.8L I4']) {
          const vehicle = { year, make: 'toyota', model, engine };
          const status = fitStatus(compact, vehicle);
          expect(status).toBe(fitStatus(rows, vehicle));
          seen.add(status);
        }
    expect([...seen].sort()).toEqual(['check', 'fits', 'no']);
  });
});

describe('labels', () => {
  it('word the badge for the active vehicle', () => {
    const vehicle = { year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L I4' };
    expect(vehicleLabel(vehicle)).toBe('2016 Toyota Corolla 1.8L I4');
    expect(fitLabel('fits', vehicle)).toBe('Fits your 2016 Toyota Corolla');
    expect(fitLabel('no', vehicle)).toBe('Does not fit');
    expect(fitLabel('check', vehicle)).toBe('Check the fitment notes');
  });
});

describe('StatusRows', () => {
  it('shares one object between rows fitStatus cannot tell apart, and keeps apart those it can', () => {
    const rows = new StatusRows();
    const first = rows.intern({ ...corolla, engine: '1.8L', notes: 'With 288 mm rotors' });
    expect(first).toEqual({ ...corolla, engine: '1.8L', notes: '*' });
    expect(rows.intern({ ...corolla, engine: '1.8L', notes: 'With 320 mm rotors' })).toBe(first);
    const others = [
      { ...corolla, engine: '1.8L' },
      { ...corolla, engine: '2.0L', notes: 'x' },
      { ...corolla, notes: 'x' },
      { ...corolla, engine: '1.8L', notes: 'x', yearTo: 2020 },
      { ...corolla, engine: '1.8L', notes: 'x', yearFrom: 2015 },
      { ...corolla, engine: '1.8L', notes: 'x', model: 'Camry' },
      { ...corolla, engine: '1.8L', notes: 'x', make: 'Lexus' },
    ].map((row) => rows.intern(row));
    expect(new Set([first, ...others]).size).toBe(8);
    expect(rows.size).toBe(8);
    expect(rows.intern({ ...corolla, engine: '', notes: '' })).toBe(rows.intern(corolla));
    expect(rows.size).toBe(9);
    rows.clear();
    expect(rows.size).toBe(0);
    expect(rows.intern({ ...corolla, engine: '1.8L', notes: 'y' })).not.toBe(first);
  });
});
