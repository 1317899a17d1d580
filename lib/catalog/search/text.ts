import type { Query } from 'minisearch';

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

/**
 * A word with one pair of neighbouring letters swapped, every way, when the word forgives a typo:
 * MiniSearch's fuzzy match counts edits as Levenshtein does (a swap is two), where a shopper, Algolia
 * and Typesense count a swap as one typo (Damerau).
 */
export function transpositions(word: string): string[] {
  const lower = word.toLowerCase();
  if (!typosAllowed(lower)) return [];
  const swapped = new Set<string>();
  for (let i = 0; i + 1 < lower.length; i++)
    if (lower[i] !== lower[i + 1]) swapped.add(`${lower.slice(0, i)}${lower[i + 1]}${lower[i]}${lower.slice(i + 2)}`);
  return [...swapped];
}

/**
 * The words of a search as a MiniSearch query: each word as typed (one insertion, deletion or
 * substitution forgiven) or with one transposition (and no other typo), combined with `combineWith`.
 */
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
