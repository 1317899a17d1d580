import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// Words a sentence of Markdown prose; with --comments, the share of comment lines (--blocks lists each run of 4 or more).
// Usage: tsx scripts/prose-stats.ts FILE.md [...]  |  tsx scripts/prose-stats.ts --comments DIR [...] [--blocks]

export type UnitKind = 'paragraph' | 'list item' | 'table cell';
export interface ProseUnit {
  kind: UnitKind;
  text: string;
}
export interface Tally {
  sentences: number;
  words: number;
}

const FENCE = /^\s*(```|~~~)/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const TABLE_SEPARATOR = /^\s*\|?[\s:|-]+\|?\s*$/;
const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs)\./g;

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .filter(Boolean);
}

/** The prose of a Markdown text: paragraphs, list items and table body cells; code blocks and headings are left out. */
export function proseUnits(markdown: string): ProseUnit[] {
  const lines = markdown.split('\n');
  const units: ProseUnit[] = [];
  let current: ProseUnit | null = null;
  let inFence = false;
  const flush = () => {
    if (current) units.push(current);
    current = null;
  };
  lines.forEach((line, index) => {
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
    } else if (inFence) return;
    else if (!line.trim() || line.trimStart().startsWith('#')) flush();
    else if (line.trimStart().startsWith('|')) {
      flush();
      const header = TABLE_SEPARATOR.test(lines[index + 1] ?? '') && !TABLE_SEPARATOR.test(line);
      if (header || TABLE_SEPARATOR.test(line)) return;
      for (const cell of tableCells(line)) units.push({ kind: 'table cell', text: cell });
    } else if (LIST_ITEM.test(line)) {
      flush();
      current = { kind: 'list item', text: line.replace(LIST_ITEM, '') };
    } else if (current) current.text += ` ${line.trim()}`;
    else current = { kind: 'paragraph', text: line.trim() };
  });
  flush();
  return units;
}

/** Code spans become one capitalised placeholder a word: their dots end no sentence, yet a span may start one. */
function plainText(text: string): string {
  return text
    .replace(/`([^`]*)`/g, (_, code: string) => code.split(/\s+/).filter(Boolean).fill('Code').join(' '))
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(ABBREVIATIONS, '$1')
    .replace(/[*_]{2}/g, '');
}

/** A unit's sentences: each ends at . ! or ? and a space (e.g., i.e., etc. and vs. aside); a unit is at least one. */
export function sentences(text: string): string[] {
  return plainText(text)
    .split(/(?<=[.!?]["')\]]*)\s+(?=["'(\p{L}\p{N}])/u)
    .filter((sentence) => countWords(sentence) > 0);
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function tallyProse(markdown: string): Map<UnitKind | 'all', Tally> {
  const tallies = new Map<UnitKind | 'all', Tally>();
  const add = (key: UnitKind | 'all', words: number) => {
    const tally = tallies.get(key) ?? { sentences: 0, words: 0 };
    tallies.set(key, { sentences: tally.sentences + 1, words: tally.words + words });
  };
  for (const unit of proseUnits(markdown)) {
    for (const sentence of sentences(unit.text)) {
      add(unit.kind, countWords(sentence));
      add('all', countWords(sentence));
    }
  }
  return tallies;
}

export interface CommentTally {
  lines: number;
  commentLines: number;
  /** The first line (1-based) and length of each run of 4 or more comment lines. */
  blocks: { line: number; length: number }[];
}

/** Lines that hold only a comment (//, /* ... *\/, or JSX's {/* ... *\/}); a line of code with a trailing comment is code. */
export function tallyComments(source: string): CommentTally {
  const lines = source.replace(/\n$/, '').split('\n');
  const tally: CommentTally = { lines: lines.length, commentLines: 0, blocks: [] };
  let inBlock = false;
  let run = 0;
  const endRun = (index: number) => {
    if (run >= 4) tally.blocks.push({ line: index - run + 1, length: run });
    run = 0;
  };
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    const opens = /^(\{?\/\*)/.test(trimmed);
    const isComment = inBlock || opens || trimmed.startsWith('//');
    if (opens) inBlock = !trimmed.includes('*/', 2);
    else if (inBlock && trimmed.includes('*/')) inBlock = false;
    if (!isComment) return endRun(index);
    tally.commentLines += 1;
    run += 1;
  });
  endRun(lines.length);
  return tally;
}

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).some((part) => part === 'node_modules' || part.startsWith('.')))
    .sort();
}

const ratio = (tally: Tally) => (tally.sentences ? tally.words / tally.sentences : 0).toFixed(1);

function reportProse(file: string): void {
  const tallies = tallyProse(readFileSync(file, 'utf8'));
  const none = { sentences: 0, words: 0 };
  const [paragraphs, items] = [tallies.get('paragraph') ?? none, tallies.get('list item') ?? none];
  const rows: Array<[string, Tally | undefined]> = [
    [file, tallies.get('all')],
    ['  prose (paragraphs and list items)', { sentences: paragraphs.sentences + items.sentences, words: paragraphs.words + items.words }],
    ['  paragraphs', paragraphs],
    ['  list items', items],
    ['  table cells', tallies.get('table cell')],
  ];
  for (const [label, tally = none] of rows) {
    console.log(`${label}: ${tally.sentences} sentences, ${tally.words} words, ${ratio(tally)} words a sentence`);
  }
}

function reportComments(dir: string, listBlocks: boolean): void {
  let lines = 0;
  let commentLines = 0;
  let blocks = 0;
  for (const file of sourceFiles(dir)) {
    const tally = tallyComments(readFileSync(file, 'utf8'));
    lines += tally.lines;
    commentLines += tally.commentLines;
    blocks += tally.blocks.length;
    if (listBlocks) for (const block of tally.blocks) console.log(`  ${file}:${block.line} (${block.length} lines)`);
  }
  const share = lines ? ((commentLines / lines) * 100).toFixed(1) : '0.0';
  console.log(`${dir}: ${lines} lines, ${commentLines} comment lines (${share}%), ${blocks} runs of 4+ comment lines`);
}

function main(): void {
  const args = process.argv.slice(2);
  const listBlocks = args.includes('--blocks');
  const paths = args.filter((arg) => !arg.startsWith('--'));
  if (!paths.length) throw new Error('Usage: tsx scripts/prose-stats.ts FILE.md [...] | --comments DIR [...] [--blocks]');
  for (const target of paths) {
    if (args.includes('--comments')) reportComments(target, listBlocks);
    else reportProse(target);
  }
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
