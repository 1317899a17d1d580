import { measure } from './function-lengths';

/** The size rule of `npm run lint` counts a function from its first line to its last, nested ones apart. */
describe('function lengths', () => {
  const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const a${i} = ${i};`).join('\n');

  it('counts every line of a declared function, an arrow and a method', () => {
    const source = [
      `export function declared() {\n${body(81)}\n}`,
      `const arrow = () => {\n${body(80)}\n};`,
      `class Shop {\n  method() {\n${body(5)}\n  }\n}`,
    ].join('\n');
    const found = measure('fixture.ts', source).map(({ lines, where }) => [where.replace(/^fixture\.ts:\d+ /, ''), lines]);
    expect(found).toEqual([
      ['declared', 81],
      ['arrow', 80],
      ['method', 5],
    ]);
  });

  it('reads TSX', () => {
    expect(measure('fixture.tsx', `export function View() {\n  return <p>part</p>;\n}`)).toEqual([
      { lines: 3, where: 'fixture.tsx:1 View' },
    ]);
  });
});
