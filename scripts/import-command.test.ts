/** `npm run import`'s flow against the real database, with the engine's test handler reading a real file in place. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { connectDb } from '@/lib/platform/db';
import { dataDir } from '@/lib/platform/env';
import { cancelImport, queueLocalImport } from '@/lib/imports';
import { ImportJob } from '@/models';
import { makeUser } from '@/tests/helpers/factories';
import { fileOf, lineHandler, newHooks, records } from '@/tests/helpers/line-import';
import { formatReport, parseCommandArgs, runImportCommand, USAGE } from './import-command';

let file: string;

beforeAll(async () => {
  await connectDb();
  file = path.join(dataDir(), 'command', 'parts.txt');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, fileOf(5, [2]));
});
beforeEach(async () => {
  await records().deleteMany({});
});

describe('npm run import', () => {
  it('reads its arguments, refusing a call without format or file', () => {
    expect(parseCommandArgs(['--format', 'aces', 'apps.xml', '--dry-run', '--price-type', 'RET'])).toEqual({
      format: 'aces',
      file: 'apps.xml',
      dryRun: true,
      priceType: 'RET',
    });
    expect(() => parseCommandArgs(['apps.xml'])).toThrow(USAGE);
    expect(() => parseCommandArgs(['--format', 'aces'])).toThrow(USAGE);
  });

  it('with --dry-run validates only and prints the report', async () => {
    const hooks = newHooks();
    const report = await runImportCommand({ format: 'csv', file, dryRun: true }, { handlers: { csv: lineHandler(hooks) } });
    expect(report.state).toBe('validated');
    expect(hooks.calls).toMatchObject({ validate: 1, apply: 0 });
    expect(await records().countDocuments()).toBe(0);
    expect(formatReport(report)).toBe(
      [
        `Import ${report.id} (csv, parts.txt): validated`,
        'Validation: read 5, add 4, change 0, remove 0, unchanged 0, rejected 1',
        'Rejected (1 of 1):',
        '  line 2: No "=" in broken line 2',
      ].join('\n'),
    );
  });

  it('validates then applies, reading the file in place and leaving it there', async () => {
    const report = await runImportCommand(
      { format: 'csv', file, dryRun: false, priceType: 'ret' },
      { handlers: { csv: lineHandler(newHooks()) } },
    );
    expect(report.state).toBe('applied');
    expect(report.applied).toMatchObject({ read: 5, rejected: 1 });
    expect(await records().countDocuments()).toBe(4);
    expect((await ImportJob.findById(report.id).lean())?.options).toEqual({ priceType: 'RET' });
    expect(await readFile(file, 'utf8')).toBe(fileOf(5, [2]));
    expect(formatReport(report)).toContain('Applied: read 5, add 0, change 0, remove 0, unchanged 0, rejected 1');
  });

  it('never removes the command’s own file, even when an admin cancels its import', async () => {
    const admin = await makeUser({ admin: true });
    const id = await queueLocalImport({ format: 'csv', file, options: {} });
    expect((await cancelImport({ ...admin, isAdmin: true }, id)).state).toBe('cancelled');
    expect(await readFile(file, 'utf8')).toBe(fileOf(5, [2]));
  });

  it('refuses an unknown format before queuing anything', async () => {
    const jobs = await ImportJob.countDocuments();
    await expect(runImportCommand({ format: 'xml', file, dryRun: true })).rejects.toThrow('Choose the file’s format');
    expect(await ImportJob.countDocuments()).toBe(jobs);
  });
});
