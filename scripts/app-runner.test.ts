import { spawnSync } from 'node:child_process';
import { heapFlags } from './app-runner';

describe('the V8 flags of `npm start` (heapFlags)', () => {
  it.each([
    [{}, ['--heap-growing-percent=10']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '' }, ['--heap-growing-percent=10']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '35' }, ['--heap-growing-percent=35']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '1' }, ['--heap-growing-percent=1']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '400' }, ['--heap-growing-percent=400']],
    // 0: V8's own growth; nonsense is not handed to Node.js, which would refuse to start.
    [{ SHOP_HEAP_GROWTH_PERCENT: '0' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: '401' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: '-5' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: '12.5' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: 'lots' }, []],
  ])('start with %j: %j', (source, flags) => {
    expect(heapFlags('start', source)).toEqual(flags);
  });

  it('none for `npm run dev`', () => {
    expect(heapFlags('dev', { SHOP_HEAP_GROWTH_PERCENT: '35' })).toEqual([]);
  });

  it('Node.js starts with them and runs with them (a flag it did not know would stop it)', () => {
    const flags = heapFlags('start', {});
    const run = spawnSync(process.execPath, [...flags, '-'], { input: 'console.log(JSON.stringify(process.execArgv))', encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual(flags);
  });
});
