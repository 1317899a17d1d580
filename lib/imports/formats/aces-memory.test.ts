import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readAces } from '@/lib/imports';

const APPS = 200_000;
const APPS_PER_CHUNK = 500;
/** What reading may keep on the heap, at its highest, whatever the file's size (the file here is 65 MB). */
const HEAP_GROWTH_LIMIT_MB = 50;
const SAMPLE_EVERY = 10_000;
// Beside other suites on two shared cores the read takes several times what it takes alone.
jest.setTimeout(180_000);

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<ACES version="4.2">
<Header><Company>Synthetic Friction Co</Company><BrandAAIAID>BQXT</BrandAAIAID><DocumentTitle>Generated</DocumentTitle><SubmissionType>FULL</SubmissionType></Header>
`;

const app = (id: number) =>
  `<App action="A" id="${id}"><BaseVehicle id="${900_000 + (id % 20_000)}"/><SubModel id="${(id % 50) + 1}"/>` +
  `<EngineBase id="${(id % 300) + 1}"/><EngineVIN id="${(id % 30) + 1}"/><Qual id="9001"><param value="288"/>` +
  `<text>With 288 mm Front Rotors</text></Qual><Note>Synthetic note ${id}</Note><Qty>2</Qty><PartType id="1684"/>` +
  `<Position id="22"/><Part BrandAAIAID="BQXT">PM-${id % 3000}</Part></App>\n`;

/** A 200,000-App file made as it is read, in chunks of bytes as a file stream gives them: never whole, never on disk. */
async function* generatedAces(): AsyncGenerator<Uint8Array> {
  yield Buffer.from(HEADER);
  for (let first = 1; first <= APPS; first += APPS_PER_CHUNK) {
    let chunk = '';
    for (let id = first; id < first + APPS_PER_CHUNK && id <= APPS; id++) chunk += app(id);
    yield Buffer.from(chunk);
  }
  yield Buffer.from(`<Footer><RecordCount>${APPS}</RecordCount></Footer>\n</ACES>\n`);
}

/** V8's full collection (node's documented --expose-gc, set at run time): the heap then holds what is kept, not garbage. */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;

describe('readAces at a supplier scale', () => {
  it(`reads ${APPS.toLocaleString('en-US')} Apps end to end while the heap grows less than ${HEAP_GROWTH_LIMIT_MB} MB`, async () => {
    const gc = fullCollection();
    gc();
    const before = heapMb();
    let peak = before;
    let apps = 0;
    let lastId = '';
    const started = performance.now();
    for await (const event of readAces(generatedAces())) {
      if (event.kind !== 'app') continue;
      apps++;
      lastId = event.id;
      if (apps % SAMPLE_EVERY === 0) {
        gc();
        peak = Math.max(peak, heapMb());
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `readAces: ${apps} Apps in ${seconds.toFixed(1)} s (${Math.round(apps / seconds)} records/s); ` +
        `heap kept ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most (+${(peak - before).toFixed(1)} MB)`,
    );
    expect(apps).toBe(APPS);
    expect(lastId).toBe(String(APPS));
    expect(peak - before).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
  });
});
