import { mkdtempSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NoDatabaseError, resolveDatabase, withDatabaseName, type ResolverSteps, type RunningDatabase } from '@/db/embedded';

const running = (engine: RunningDatabase['engine'], uri: string): RunningDatabase => ({ engine, uri, stop: jest.fn(async () => {}) });

function setup(overrides: Partial<ResolverSteps> = {}, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resolver-'));
  const logs: string[] = [];
  const steps: ResolverSteps = {
    startMemoryServer: jest.fn(async () => running('mongodb-memory-server', 'mongodb://127.0.0.1:1111/')),
    findFerretBinary: jest.fn(async () => '/opt/ferretdb'),
    buildFerret: jest.fn(async () => '/cache/bin/ferretdb'),
    startFerret: jest.fn(async () => running('ferretdb', 'mongodb://127.0.0.1:2222/')),
    ping: jest.fn(async () => {}),
    ...overrides,
  };
  const options = { dataDir, cacheDir: path.join(dataDir, 'cache'), env, log: (line: string) => logs.push(line) };
  return { steps, options, logs, dataDir };
}

const fail = (message: string) => jest.fn(async () => Promise.reject(new Error(message)));

describe('database resolver', () => {
  it('uses MONGODB_URI when it is set and starts nothing', async () => {
    const { steps, options } = setup({}, { MONGODB_URI: 'mongodb://db.internal:27017/shop' });
    const db = await resolveDatabase(options, steps);
    expect(db).toMatchObject({ engine: 'external', uri: 'mongodb://db.internal:27017/shop' });
    expect(steps.startMemoryServer).not.toHaveBeenCalled();
    expect(steps.startFerret).not.toHaveBeenCalled();
  });

  it('prefers mongodb-memory-server with its data in <dataDir>/mongo', async () => {
    const { steps, options, dataDir, logs } = setup();
    const db = await resolveDatabase(options, steps);
    expect(db.engine).toBe('mongodb-memory-server');
    expect(steps.startMemoryServer).toHaveBeenCalledWith(path.join(dataDir, 'mongo'), options);
    expect(steps.findFerretBinary).not.toHaveBeenCalled();
    expect(logs.join('\n')).toMatch(/started mongodb-memory-server/);
  });

  it('falls through to a FerretDB binary that is found when MongoDB cannot be downloaded', async () => {
    const { steps, options, dataDir, logs } = setup({ startMemoryServer: fail('fastdl.mongodb.org cannot be reached (ENOTFOUND)') });
    const db = await resolveDatabase(options, steps);
    expect(db.engine).toBe('ferretdb');
    expect(steps.startFerret).toHaveBeenCalledWith('/opt/ferretdb', path.join(dataDir, 'ferretdb'), options);
    expect(steps.buildFerret).not.toHaveBeenCalled();
    expect(logs.join('\n')).toMatch(/ENOTFOUND.*trying FerretDB/);
  });

  it('builds FerretDB when no binary is found', async () => {
    const { steps, options } = setup({ startMemoryServer: fail('offline'), findFerretBinary: jest.fn(async () => null) });
    const db = await resolveDatabase(options, steps);
    expect(db.engine).toBe('ferretdb');
    expect(steps.buildFerret).toHaveBeenCalled();
    expect(steps.startFerret).toHaveBeenCalledWith('/cache/bin/ferretdb', expect.any(String), options);
  });

  it('skips mongodb-memory-server when EMBEDDED_DB=ferretdb', async () => {
    const { steps, options } = setup({}, { EMBEDDED_DB: 'ferretdb' });
    expect((await resolveDatabase(options, steps)).engine).toBe('ferretdb');
    expect(steps.startMemoryServer).not.toHaveBeenCalled();
  });

  it('fails with an error that names all three ways and what was tried', async () => {
    const { steps, options } = setup({
      startMemoryServer: fail('MongoDB 8.2.6 is not downloaded and fastdl.mongodb.org cannot be reached (ENOTFOUND)'),
      findFerretBinary: jest.fn(async () => null),
      buildFerret: fail('Go is not installed, so FerretDB cannot be built'),
    });
    const error = await resolveDatabase(options, steps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoDatabaseError);
    const message = (error as Error).message;
    expect(message).toMatch(/MONGODB_URI/);
    expect(message).toMatch(/mongodb-memory-server/);
    expect(message).toMatch(/FERRETDB_BIN/);
    expect(message).toMatch(/built once from the module `github.com\/FerretDB\/FerretDB@v1\.24\.2`/);
    expect(message).toMatch(/ENOTFOUND/);
    expect(message).toMatch(/Go is not installed/);
  });

  it('reports a FerretDB that does not start', async () => {
    const { steps, options } = setup({
      startMemoryServer: fail('offline'),
      startFerret: fail('the server did not answer a ping within 30 s'),
    });
    await expect(resolveDatabase(options, steps)).rejects.toThrow(/did not answer a ping/);
  });

  it('reuses the server another live process started for the same data directory', async () => {
    const { steps, options, dataDir } = setup();
    mkdirSync(path.join(dataDir, 'ferretdb'), { recursive: true });
    writeFileSync(
      path.join(dataDir, 'ferretdb', 'engine.json'),
      JSON.stringify({ engine: 'ferretdb', uri: 'mongodb://127.0.0.1:3333/', pid: process.ppid }),
    );
    const db = await resolveDatabase(options, steps);
    expect(db).toMatchObject({ engine: 'ferretdb', uri: 'mongodb://127.0.0.1:3333/', shared: true });
    expect(steps.startMemoryServer).not.toHaveBeenCalled();
  });

  it('ignores the lock of a process that is gone', async () => {
    const { steps, options, dataDir } = setup();
    mkdirSync(path.join(dataDir, 'mongo'), { recursive: true });
    writeFileSync(
      path.join(dataDir, 'mongo', 'engine.json'),
      JSON.stringify({ engine: 'mongodb-memory-server', uri: 'mongodb://x/', pid: 2 ** 22 + 7 }),
    );
    const db = await resolveDatabase(options, steps);
    expect(db.shared).toBeUndefined();
    expect(steps.startMemoryServer).toHaveBeenCalled();
  });

  it('writes its lock while running and removes it on stop', async () => {
    const { steps, options, dataDir } = setup();
    const db = await resolveDatabase(options, steps);
    const lock = path.join(dataDir, 'mongo', 'engine.json');
    expect(existsSync(lock)).toBe(true);
    await db.stop();
    expect(existsSync(lock)).toBe(false);
  });

  it('starts from an empty data directory when ephemeral', async () => {
    const { steps, options, dataDir } = setup();
    writeFileSync(path.join(dataDir, 'leftover'), 'x');
    await resolveDatabase({ ...options, ephemeral: true }, steps);
    expect(existsSync(path.join(dataDir, 'leftover'))).toBe(false);
  });

  it('sets the database name in a URI', () => {
    expect(withDatabaseName('mongodb://127.0.0.1:2222/', 'partsmart')).toBe('mongodb://127.0.0.1:2222/partsmart');
    expect(withDatabaseName('mongodb://127.0.0.1:2222/old?x=1', 't_a')).toBe('mongodb://127.0.0.1:2222/t_a?x=1');
  });
});

describe('FerretDB binary lookup', () => {
  it('refuses a FERRETDB_BIN that does not exist', async () => {
    const { options } = setup();
    await expect(
      resolveDatabase(
        { ...options, env: { EMBEDDED_DB: 'ferretdb', FERRETDB_BIN: '/nowhere/ferretdb', PATH: '' } },
        { startFerret: jest.fn() },
      ),
    ).rejects.toThrow(/FERRETDB_BIN points to \/nowhere\/ferretdb/);
  });
});
