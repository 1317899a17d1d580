import { readFileSync } from 'node:fs';
import { CALL_END, CALL_START, MARKER, RUNTIMES, patchRuntime } from '@/scripts/patch-next.mjs';

/**
 * A stand-in for the runtime's route module: `prepare` makes the server utilities for `page` the way
 * the runtime's minified prepareImpl does (`A=function({...}){...}({page:E,...})`), counting how often
 * the function's body runs.
 */
function routeModuleFrom(source: string) {
  const made: string[] = [];
  const Module = new Function(
    'made',
    `return class RouteModule {
      prepare(page) {
        const E = page, y = undefined, g = '', v = { beforeFiles: [] }, C = true, h = { caseSensitive: false };
        let A;
        ${source};
        return A;
      }
    };`,
  )(made) as new () => { prepare(page: string): { page: string; serial: number } };
  return { Module, made };
}

const body = `made.push(e); return { page: e, serial: made.length };`;
const unpatched = `${CALL_START}${body}${CALL_END}`;

describe('the patch of Next.js app-page runtime (scripts/patch-next.mjs)', () => {
  it('is applied to the runtime the production build uses', () => {
    const text = readFileSync(RUNTIMES[0]!, 'utf8');
    expect(text.split(MARKER).length - 1).toBeGreaterThan(0);
    expect(text).not.toContain(CALL_START);
    expect(patchRuntime(text).state).toBe('already');
  });

  it('makes the server utilities once per page and route module, not once per request', () => {
    const { text, state } = patchRuntime(`let x=1;${unpatched};let z=2`);
    expect(state).toBe('patched');
    const { Module, made } = routeModuleFrom(text);
    const routeModule = new Module();
    const first = routeModule.prepare('/parts/[id]');
    expect(routeModule.prepare('/parts/[id]')).toBe(first);
    expect(routeModule.prepare('/categories/[slug]')).toEqual({ page: '/categories/[slug]', serial: 2 });
    expect(routeModule.prepare('/categories/[slug]')).not.toBe(first);
    // Another route module (another page's bundle) keeps its own.
    expect(new Module().prepare('/parts/[id]')).toEqual({ page: '/parts/[id]', serial: 3 });
    expect(made).toEqual(['/parts/[id]', '/categories/[slug]', '/parts/[id]']);
  });

  it('without the patch, the runtime made them on every request (what the patch removes)', () => {
    const { Module, made } = routeModuleFrom(unpatched);
    const routeModule = new Module();
    routeModule.prepare('/parts/[id]');
    routeModule.prepare('/parts/[id]');
    expect(made).toEqual(['/parts/[id]', '/parts/[id]']);
  });

  it('leaves code it does not know, and a runtime already patched, as they are', () => {
    const other = 'A=function({page:e}){return e}({page:E})';
    expect(patchRuntime(other)).toEqual({ text: other, state: 'missing' });
    expect(patchRuntime(`${unpatched};${unpatched}`).state).toBe('missing');
    expect(patchRuntime(`${CALL_END}x${CALL_START}`).state).toBe('missing');
    const once = patchRuntime(unpatched).text;
    expect(patchRuntime(once)).toEqual({ text: once, state: 'already' });
  });
});
