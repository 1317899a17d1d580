import { decideFit, FIT_QUESTION_TEXT as T, lineFitOf, rowsForVehicle, type FitQuestionRow } from '@/lib/catalog/fit-questions';

const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };
const vehicle = { year: 2015, make: 'Toyota', model: 'Corolla' };
const q = (text: string) => [{ text }];
const rotors288 = 'With 288 mm front rotors';
const rotors320 = 'With 320 mm front rotors';

/** LE comes with either rotor size, SE only with the larger one. */
const split: FitQuestionRow[] = [
  { ...corolla, subModel: 'LE', qualifiers: q(rotors288) },
  { ...corolla, subModel: 'LE', qualifiers: q(rotors320) },
  { ...corolla, subModel: 'SE', qualifiers: q(rotors320) },
];

describe('decideFit: which questions', () => {
  it('asks nothing when the rows agree, or when one row holds whatever the answer', () => {
    expect(decideFit([corolla, { ...corolla, yearFrom: 2015 }], vehicle)).toMatchObject({ questions: [], next: null, verdict: 'fits' });
    const anyway = decideFit(
      [
        { ...corolla, subModel: 'LE' },
        { ...corolla, qualifiers: [] },
      ],
      vehicle,
    );
    expect(anyway).toMatchObject({ questions: [], verdict: 'fits' });
  });

  it('asks nothing of a part without fitment data: its notes have to tell', () => {
    expect(decideFit([], vehicle)).toMatchObject({ questions: [], verdict: 'check', invalid: false });
    expect(decideFit([], vehicle, ['LE']).invalid).toBe(true);
  });

  it('asks nothing of a part with no row for the vehicle: it does not fit', () => {
    expect(decideFit([{ ...corolla, subModel: 'LE' }], { ...vehicle, year: 2020 })).toMatchObject({ questions: [], verdict: 'no' });
    expect(decideFit([{ ...corolla, subModel: 'LE' }], { ...vehicle, model: 'Camry' })).toMatchObject({ questions: [], verdict: 'no' });
  });

  it('asks one question for a submodel split, its options the submodels then "None of these" and "Not sure"', () => {
    const rows = [
      { ...corolla, subModel: 'SE' },
      { ...corolla, subModel: 'LE' },
      { ...corolla, subModel: 'le' },
    ];
    const decision = decideFit(rows, vehicle);
    expect(decision.verdict).toBe('open');
    expect(decision.questions).toEqual([{ kind: 'subModel', text: T.subModel, options: ['LE', 'SE', T.noneOfThese, T.notSure] }]);
    expect(decideFit(rows, vehicle, ['LE'])).toMatchObject({ verdict: 'fits', next: null, questions: [{ kind: 'subModel' }] });
    expect(decideFit(rows, vehicle, ['se']).answers).toEqual(['SE']);
    expect(decideFit(rows, vehicle, [T.noneOfThese]).verdict).toBe('no');
  });

  it('asks two when the submodel and a qualifier both matter, submodel first', () => {
    expect(decideFit(split, vehicle).next).toMatchObject({ kind: 'subModel', options: ['LE', 'SE', T.noneOfThese, T.notSure] });
    const second = decideFit(split, vehicle, ['LE']);
    expect(second.next).toEqual({ kind: 'qualifier', text: T.qualifier, options: [rotors288, rotors320, T.noneOfThese, T.notSure] });
    expect(decideFit(split, vehicle, ['LE', rotors288])).toMatchObject({ verdict: 'fits', next: null, answers: ['LE', rotors288] });
    expect(decideFit(split, vehicle, ['LE', T.noneOfThese]).verdict).toBe('no');
    // SE comes with one rotor size only: the question still decides, as a larger SE part would not fit a smaller rotor.
    expect(decideFit(split, vehicle, ['SE']).next?.options).toEqual([rotors320, T.noneOfThese, T.notSure]);
  });

  it('asks submodel, then engine (only when none is chosen), then qualifier: at most three', () => {
    const rows = [
      { ...corolla, subModel: 'LE', engine: '1.8L', qualifiers: q('With ABS') },
      { ...corolla, subModel: 'LE', engine: '2.0L', qualifiers: q('Without ABS') },
    ];
    const all = decideFit(rows, vehicle, ['LE', '2.0L', 'Without ABS']);
    expect(all.questions.map((question) => question.kind)).toEqual(['subModel', 'engine', 'qualifier']);
    expect(all.verdict).toBe('fits');
    expect(decideFit(rows, { ...vehicle, engine: '1.8L' }, ['LE']).next).toMatchObject({
      kind: 'qualifier',
      options: ['With ABS', T.noneOfThese, T.notSure],
    });
  });

  it('leaves it to check after "Not sure", keeping every row for the next question', () => {
    const unsure = decideFit(split, vehicle, [T.notSure]);
    expect(unsure.next?.options).toEqual([rotors288, rotors320, T.noneOfThese, T.notSure]);
    expect(decideFit(split, vehicle, [T.notSure, rotors320]).verdict).toBe('check');
  });

  it('leaves rows with notes to check, as the badge does', () => {
    expect(decideFit([{ ...corolla, subModel: 'LE', notes: 'Not for police cars' }], vehicle, ['LE']).verdict).toBe('check');
  });

  it('flags an answer that is not an option, and answers past the questions', () => {
    expect(decideFit(split, vehicle, ['XLE'])).toMatchObject({ invalid: true, verdict: 'open', answers: [] });
    expect(decideFit(split, vehicle, ['LE', 'With 300 mm front rotors']).invalid).toBe(true);
    expect(decideFit([corolla], vehicle, ['LE']).invalid).toBe(true);
    expect(decideFit(split, vehicle, ['LE', rotors288]).invalid).toBe(false);
  });
});

describe('rowsForVehicle', () => {
  it('keeps the rows of the year, make and model, and of the engine chosen', () => {
    const rows = [corolla, { ...corolla, engine: '2.0L' }, { ...corolla, model: 'Camry' }, { ...corolla, yearFrom: 2016 }];
    expect(rowsForVehicle(rows, vehicle)).toEqual([corolla, { ...corolla, engine: '2.0L' }]);
    expect(rowsForVehicle(rows, { ...vehicle, engine: '1.8L' })).toEqual([corolla]);
  });
});

describe('lineFitOf', () => {
  it('confirms the vehicle with its submodel and engine, then the qualifier', () => {
    const engine = { ...vehicle, engine: '1.8L' };
    expect(lineFitOf(decideFit(split, engine, ['LE', rotors288]), engine)).toEqual({
      vehicle: '2015 Toyota Corolla 1.8L',
      answers: ['LE', rotors288],
      text: 'confirmed for 2015 Toyota Corolla LE 1.8L, with 288 mm front rotors',
    });
  });

  it('names doubtful answers with their question, and a misfit as such', () => {
    expect(lineFitOf(decideFit(split, vehicle, [T.notSure, rotors320]), vehicle).text).toBe(
      'to check for 2015 Toyota Corolla, with 320 mm front rotors, submodel: not sure',
    );
    expect(lineFitOf(decideFit(split, vehicle, [T.noneOfThese]), vehicle).text).toBe(
      'does not fit 2015 Toyota Corolla, submodel: none of these',
    );
    expect(lineFitOf(decideFit([corolla], vehicle), vehicle).text).toBe('confirmed for 2015 Toyota Corolla');
  });
});
