import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** `npm run lint`'s size rule: no function in lib/ or components/ over MAX_LINES lines; prints the longest. */
const MAX_LINES = 80;
const FOLDERS = ['lib', 'components'];
const SHOWN = 10;

type Measured = { lines: number; where: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.|\.d\.m?ts$/.test(entry.name) ? [full] : [];
  });
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent as ts.Node & { name?: ts.Node };
  return parent?.name ? parent.name.getText() : '(anonymous)';
}

export function measure(file: string, text = readFileSync(file, 'utf8')): Measured[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ lines: last - first + 1, where: `${file}:${first + 1} ${nameOf(node)}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

if (require.main === module) {
  const all = FOLDERS.flatMap(sourceFiles)
    .flatMap((file) => measure(file))
    .sort((a, b) => b.lines - a.lines);
  console.log(`The ${SHOWN} longest functions in ${FOLDERS.join('/ and ')}/ (at most ${MAX_LINES} lines):`);
  for (const { lines, where } of all.slice(0, SHOWN)) console.log(`${String(lines).padStart(5)}  ${where}`);
  const over = all.filter((f) => f.lines > MAX_LINES);
  if (over.length) {
    console.error(`${over.length} function(s) over ${MAX_LINES} lines: split them.`);
    process.exit(1);
  }
}
