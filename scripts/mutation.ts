import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveDatabase } from '@/db/embedded';
import { startStripeMock } from '@/tests/jest/stripe-mock';

/** `npm run test:mutation [-- --group NAME] [-- --changed-only]`: StrykerJS by group, one database and stripe-mock for every jest run. */
type Group = { mutate: string[]; tests: string[] };
type Mutant = { status: string };
type Report = {
  files: Record<string, { source: string; mutants: Mutant[] }>;
  testFiles?: Record<string, { source?: string }>;
  thresholds?: { break?: number | null };
};

const root = process.cwd();
const reportPath = (name: string) => path.join(root, 'reports', `stryker-incremental-${name}.json`);
const readReport = (name: string): Report | null =>
  existsSync(reportPath(name)) ? (JSON.parse(readFileSync(reportPath(name), 'utf8')) as Report) : null;

/** A group's files that differ from its incremental report (null: no report); a test file added since can only kill more mutants. */
function changedSince(name: string, group: Group): string[] | null {
  const report = readReport(name);
  if (!report) return null;
  const differs = (file: string, recorded: string | undefined) =>
    recorded === undefined || !existsSync(path.join(root, file)) || readFileSync(path.join(root, file), 'utf8') !== recorded;
  const recordedTests = Object.entries(report.testFiles ?? {}).map(
    ([file, test]) => [path.relative(root, path.resolve(root, file)), test] as const,
  );
  return [
    ...group.mutate.filter((file) => differs(file, report.files[file]?.source)),
    ...recordedTests.filter(([file, test]) => test.source !== undefined && differs(file, test.source)).map(([file]) => file),
  ];
}

/** Stryker's score of each mutated file of a group's report: detected of (detected + undetected). */
function scores(name: string): Array<{ file: string; detected: number; valid: number }> {
  const report = readReport(name);
  return Object.entries(report?.files ?? {}).map(([file, { mutants }]) => {
    const count = (...statuses: string[]) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
    const detected = count('Killed', 'Timeout');
    return { file, detected, valid: detected + count('Survived', 'NoCoverage') };
  });
}

/** StrykerJS, pinned, installed into .cache on first use: no part of the shop's install (its jest runner finds the project's jest). */
const STRYKER_VERSION = '10.0.0';

function strykerBin(): string {
  const prefix = path.join(root, '.cache', `stryker-${STRYKER_VERSION}`);
  const bin = path.join(prefix, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
  if (existsSync(bin)) return bin;
  console.log(`[mutation] installing StrykerJS ${STRYKER_VERSION} into ${path.relative(root, prefix)}`);
  mkdirSync(prefix, { recursive: true });
  const packages = ['core', 'jest-runner'].map((name) => `@stryker-mutator/${name}@${STRYKER_VERSION}`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, ...packages], { stdio: 'inherit' });
  return bin;
}

function runStryker(name: string, args: string[], env: Record<string, string>): Promise<number> {
  const stryker = spawn(process.execPath, [strykerBin(), 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env, MUTATION_GROUP: name },
  });
  return new Promise<number>((resolve) => stryker.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** The groups named by --group, or all of them. */
function wantedGroups(groups: Record<string, Group>, args: string[]): string[] {
  const named = args.flatMap((arg, i) => (arg === '--group' ? [args[i + 1]!] : []));
  const unknown = named.filter((name) => !groups[name]);
  if (unknown.length) throw new Error(`No mutation group ${unknown.join(', ')}: the groups are ${Object.keys(groups).join(', ')}`);
  return named.length ? named : Object.keys(groups);
}

/** Whether a group needs a run: always, or under --changed-only only when something differs from its report. */
function needsRun(name: string, group: Group, changedOnly: boolean): boolean {
  if (!changedOnly) return true;
  const changed = changedSince(name, group);
  console.log(
    `[mutation] ${name}: ${changed === null ? 'no report yet' : changed.length ? `changed: ${changed.join(', ')}` : 'unchanged'}`,
  );
  return changed === null || changed.length > 0;
}

/** Runs the groups with one database and one stripe-mock; answers how many failed. */
async function runGroups(names: string[], args: string[]): Promise<number> {
  if (!names.length) return 0;
  const db = await resolveDatabase({
    dataDir: path.join(root, '.data', `mutation-${process.pid}`),
    cacheDir: path.join(root, '.cache'),
    ephemeral: true,
    log: (message) => process.stderr.write(`${message}\n`),
  });
  const stripe = await startStripeMock(path.join(root, '.cache'));
  try {
    const env = { TEST_MONGODB_BASE_URI: db.uri, TEST_DB_ENGINE: db.engine, STRIPE_MOCK_URL: stripe.url };
    let failed = 0;
    for (const name of names) if ((await runStryker(name, args, env)) !== 0) failed++;
    return failed;
  } finally {
    stripe.stop();
    await db.stop();
  }
}

const percent = (detected: number, valid: number) => `${((100 * detected) / valid).toFixed(2)}%`;

/** Prints each file's score and the whole; answers the groups whose score is under their break threshold. */
function reportScores(names: string[]): string[] {
  const all = names.flatMap(scores);
  for (const { file, detected, valid } of all) console.log(`[mutation] ${file}: ${percent(detected, valid)} (${detected} of ${valid})`);
  const detected = all.reduce((sum, score) => sum + score.detected, 0);
  const valid = all.reduce((sum, score) => sum + score.valid, 0);
  if (valid)
    console.log(`[mutation] score ${percent(detected, valid)} (${detected} of ${valid} mutants detected; a group fails under 85%)`);
  return names.filter((name) => {
    const group = scores(name);
    const breakAt = readReport(name)?.thresholds?.break ?? null;
    const score =
      (100 * group.reduce((sum, s) => sum + s.detected, 0)) /
      Math.max(
        1,
        group.reduce((sum, s) => sum + s.valid, 0),
      );
    return breakAt !== null && group.length > 0 && score < breakAt;
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const { MUTATION_GROUPS: groups } = (await import(pathToFileURL(path.join(root, 'stryker.config.mjs')).href)) as {
    MUTATION_GROUPS: Record<string, Group>;
  };
  const wanted = wantedGroups(groups, args);
  const toRun = wanted.filter((name) => needsRun(name, groups[name]!, args.includes('--changed-only')));
  const strykerArgs = args.filter((arg, i) => arg !== '--changed-only' && arg !== '--group' && args[i - 1] !== '--group');
  const failed = await runGroups(toRun, strykerArgs);
  // A group that did not run keeps its recorded score: said here, judged at its next change.
  for (const name of reportScores(wanted)) console.log(`[mutation] ${name}: recorded score under its break threshold`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
