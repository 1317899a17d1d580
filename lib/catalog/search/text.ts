import type { Query } from 'minisearch';

/** How catalog text matches: lower-cased, singular words ("pads" meets "Pad Set"); common misspellings are corrected first
 * because "break" for "brake" is two edits, past the one-typo rule. */
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

/** A word's one-swap variants: MiniSearch counts a swap as two edits, shoppers (and Damerau) as one typo. */
export function transpositions(word: string): string[] {
  const lower = word.toLowerCase();
  if (!typosAllowed(lower)) return [];
  const swapped = new Set<string>();
  for (let i = 0; i + 1 < lower.length; i++)
    if (lower[i] !== lower[i + 1]) swapped.add(`${lower.slice(0, i)}${lower[i + 1]}${lower[i]}${lower.slice(i + 2)}`);
  return [...swapped];
}

/** A search as a MiniSearch query: each word with one typo or one transposition forgiven. */
export function textQuery(text: string, combineWith: 'AND' | 'OR'): Query {
  return {
    combineWith,
    queries: tokenize(text).map((word): Query => {
      const swapped = transpositions(word);
      return swapped.length ? { combineWith: 'OR', queries: [word, { combineWith: 'OR', fuzzy: false, queries: swapped }] } : word;
    }),
  };
}

/** Prefixes count from two characters on, so a single letter does not match half the catalog. */
export const prefixAllowed = (term: string): boolean => term.length >= 2;
