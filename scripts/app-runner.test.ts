import { spawnSync } from 'node:child_process';
import { heapFlags } from './app-runner';

describe('the V8 flags of `npm start` (heapFlags)', () => {
  it.each([
    [{}, ['--heap-growing-percent=10', '--max-semi-space-size=32']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '', SHOP_SEMI_SPACE_MB: '' }, ['--heap-growing-percent=10', '--max-semi-space-size=32']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '35' }, ['--heap-growing-percent=35', '--max-semi-space-size=32']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '1', SHOP_SEMI_SPACE_MB: '0' }, ['--heap-growing-percent=1']],
    [{ SHOP_HEAP_GROWTH_PERCENT: '400', SHOP_SEMI_SPACE_MB: '0' }, ['--heap-growing-percent=400']],
    // 0: V8's own growth; nonsense is not handed to Node.js, which would refuse to start.
    [{ SHOP_HEAP_GROWTH_PERCENT: '0', SHOP_SEMI_SPACE_MB: '0' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: '401', SHOP_SEMI_SPACE_MB: '0' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: '-5', SHOP_SEMI_SPACE_MB: '0' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: '12.5', SHOP_SEMI_SPACE_MB: '0' }, []],
    [{ SHOP_HEAP_GROWTH_PERCENT: 'lots' }, ['--max-semi-space-size=32']],
    [{ SHOP_SEMI_SPACE_MB: '16' }, ['--heap-growing-percent=10', '--max-semi-space-size=16']],
    [{ SHOP_SEMI_SPACE_MB: '1' }, ['--heap-growing-percent=10', '--max-semi-space-size=1']],
    [{ SHOP_SEMI_SPACE_MB: '256', SHOP_HEAP_GROWTH_PERCENT: '0' }, ['--max-semi-space-size=256']],
    // 0: V8's own young generation; a size in NODE_OPTIONS wins; nonsense is left out.
    [{ SHOP_SEMI_SPACE_MB: '0' }, ['--heap-growing-percent=10']],
    [{ NODE_OPTIONS: '--max-semi-space-size=4' }, ['--heap-growing-percent=10']],
    [{ SHOP_SEMI_SPACE_MB: '8', NODE_OPTIONS: '--max-semi-space-size=4' }, ['--heap-growing-percent=10']],
    [{ SHOP_SEMI_SPACE_MB: '257' }, ['--heap-growing-percent=10']],
    [{ SHOP_SEMI_SPACE_MB: '-1' }, ['--heap-growing-percent=10']],
    [{ SHOP_SEMI_SPACE_MB: '8.5' }, ['--heap-growing-percent=10']],
  ])('start with %j: %j', (source, flags) => {
    expect(heapFlags('start', source)).toEqual(flags);
  });

  it('none for `npm run dev`', () => {
    expect(heapFlags('dev', { SHOP_HEAP_GROWTH_PERCENT: '35', SHOP_SEMI_SPACE_MB: '8' })).toEqual([]);
  });

  it('Node.js starts with them and runs with them (a flag it did not know would stop it)', () => {
    const flags = heapFlags('start', { SHOP_SEMI_SPACE_MB: '16' });
    const run = spawnSync(process.execPath, [...flags, '-'], { input: 'console.log(JSON.stringify(process.execArgv))', encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual(flags);
  });
});
