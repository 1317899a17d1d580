/**
 * The demo supplier sells a complete front and rear brake job on each of its 30 common vehicles: its brake parts and their
 * Apps on those vehicles, cut from the committed files, go through the importer; the default jobs are then proposed as
 * GET /api/kits proposes them, the buyer answering each proposed part's fit questions as their car would.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_SUPPLIER_DIR, seedSupplier } from '@/db/seed-supplier';
import { decideFit, FIT_QUESTION_TEXT as T, type FitQuestion, type VehicleChoice } from '@/lib/catalog';
import { ensureDefaultKits, proposeKits, type ProposedKit } from '@/lib/kits';
import { demoVehicles } from '@/scripts/demo-supplier/catalog';

/** Front pads, rotors and wear sensor; rear pads or shoes, rotors or drums. */
const BRAKE_TYPES = [1684, 1896, 1103, 1104, 1105];
const BRAKE_JOBS = ['Front brake job', 'Rear brake job'];
const common = demoVehicles().filter((vehicle) => vehicle.common);
let dir = '';

const keep = (text: string, record: RegExp, wanted: (record: string) => boolean) =>
  text.replace(record, (found) => (wanted(found) ? found : ''));
const numberIn = (record: string, pattern: RegExp) => Number(pattern.exec(record)?.[1]);

/** The committed files with only the brake parts, and only their Apps on the common vehicles (the footers' counts to match). */
function writeBrakeSubset(): void {
  dir = mkdtempSync(path.join(tmpdir(), 'demo-brakes-'));
  for (const file of ['vcdb.zip', 'tables.json']) copyFileSync(path.join(DEMO_SUPPLIER_DIR, file), path.join(dir, file));
  const read = (file: string) => readFileSync(path.join(DEMO_SUPPLIER_DIR, file), 'utf8');
  const pies = keep(read('pies-7.2.xml'), /\t*<Item [^]*?<\/Item>\n/g, (item) =>
    BRAKE_TYPES.includes(numberIn(item, /<PartTerminologyID>(\d+)</)),
  );
  const items = pies.match(/<Item /g)!.length;
  writeFileSync(path.join(dir, 'pies-7.2.xml'), pies.replace(/<ItemCount>\d+</, `<ItemCount>${items}<`));
  const ids = new Set(common.map((vehicle) => vehicle.id));
  for (const file of ['aces-4.2-kestrel-motive.xml', 'aces-4.2-ardent-line.xml']) {
    const aces = keep(
      read(file),
      /\t*<App [^\n]*<\/App>\n/g,
      (app) => BRAKE_TYPES.includes(numberIn(app, /<PartType id="(\d+)"/)) && ids.has(numberIn(app, /<BaseVehicle id="(\d+)"/)),
    );
    const apps = aces.match(/<App /g)!.length;
    writeFileSync(path.join(dir, file), aces.replace(/<RecordCount>\d+</, `<RecordCount>${apps}<`));
  }
}

beforeAll(async () => {
  writeBrakeSubset();
  const report = await seedSupplier(dir);
  expect(report.imports.map((run) => [run.format, run.state, run.counts.rejected])).toEqual([
    ['vcdb', 'applied', 0],
    ['pies', 'applied', 0],
    ['aces', 'applied', 0],
    ['aces', 'applied', 0],
  ]);
  await ensureDefaultKits();
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The buyer's answer: their submodel where offered (else none of these), and the first rotor size. */
const answerOf = (question: FitQuestion, subModel: string) =>
  question.kind === 'subModel' ? (question.options.find((option) => option === subModel) ?? T.noneOfThese) : question.options[0]!;

/** The brake jobs once the buyer has answered every proposed part's questions (a ruled-out part gives way to the next). */
async function brakeJobs(vehicle: VehicleChoice, subModel: string): Promise<{ jobs: ProposedKit[]; answers: Record<string, string[]> }> {
  const answers: Record<string, string[]> = {};
  for (;;) {
    const jobs = (await proposeKits(vehicle, null, answers)).kits.filter((kit) => BRAKE_JOBS.includes(kit.name));
    const unasked = jobs.flatMap((kit) => kit.lines.flatMap((line) => (line.part && !answers[line.part._id] ? [line.part] : [])));
    if (!unasked.length) return { jobs, answers };
    for (const part of unasked) {
      const given: string[] = [];
      for (let next = decideFit(part.fitment, vehicle).next; next; next = decideFit(part.fitment, vehicle, given).next)
        given.push(answerOf(next, subModel));
      answers[part._id] = given;
    }
  }
}

it('proposes a fitting part for every line of the front and rear brake jobs on each common vehicle and submodel', async () => {
  expect(common).toHaveLength(30);
  const gaps: string[] = [];
  const rear: Record<string, number> = {};
  for (const car of common) {
    const vehicle = { year: car.year, make: car.makeName, model: car.modelName, engine: null };
    for (const { name: subModel } of car.subModels) {
      const { jobs, answers } = await brakeJobs(vehicle, subModel);
      expect(jobs.map((kit) => kit.name)).toEqual(BRAKE_JOBS);
      for (const line of jobs.flatMap((kit) => kit.lines)) {
        const verdict = line.part && decideFit(line.part.fitment, vehicle, answers[line.part._id]).verdict;
        if (verdict !== 'fits')
          gaps.push(`${car.year} ${car.makeName} ${car.modelName} ${subModel}: ${line.label} ${verdict ?? line.missing}`);
      }
      const kind = /shoe/i.test(jobs[1]!.lines[0]!.part?.name ?? '') ? 'drums' : 'discs';
      rear[kind] = (rear[kind] ?? 0) + 1;
    }
  }
  expect(gaps).toEqual([]);
  // Both kinds of car are in the demo: the alternatives are what make the rear job complete.
  expect(rear.drums).toBeGreaterThan(0);
  expect(rear.discs).toBeGreaterThan(0);
  // 60 vehicles and submodels, each proposed through FerretDB: about 36 s on a quiet machine, twice that beside other suites.
}, 240_000);
