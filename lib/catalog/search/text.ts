/**
 * How catalog text is split and matched: words are lower-cased and made singular ("pads" meets
 * "Pad Set"); a handful of common misspellings are corrected before matching (the one-typo rule cannot
 * reach "break" for "brake": that is two edits). Part and OEM numbers are matched normalised.
 */
const SPLIT = /[^\p{L}\p{N}]+/u;

const MISSPELLINGS = new Map([
  ['break', 'brake'],
  ['breaks', 'brakes'],
  ['rotar', 'rotor'],
  ['rotars', 'rotors'],
  ['sparkplug', 'spark'],
  ['wipper', 'wiper'],
]);

function singular(word: string): string {
  if (word.length > 3 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export const tokenize = (text: string): string[] => text.split(SPLIT).filter(Boolean);

export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower ? singular(MISSPELLINGS.get(lower) ?? lower) : null;
}

/** One typo is forgiven in words of five letters or more (never in numbers). */
export const typosAllowed = (term: string): number => (term.length >= 5 && !/\d/.test(term) ? 1 : 0);

/** Prefixes count from two characters on, so a single letter does not match half the catalog. */
export const prefixAllowed = (term: string): boolean => term.length >= 2;
