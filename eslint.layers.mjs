// Which folder of lib/ may import which (docs/architecture.md, "Layers"): each imports only lower ranks,
// and another domain only through its entry (`@/lib/orders`), except the client-safe files below.

/** Lowest first; a folder imports only folders of a lower rank (and its tie partners). */
export const RANKS = [
  ['core'],
  ['client', 'platform', 'validations'],
  ['openapi'],
  ['mail', 'rate-limit', 'storage'],
  ['auth'],
  ['audit'],
  ['catalog', 'stock', 'vehicles', 'accounts'],
  ['orders', 'reviews', 'alerts'],
  ['cart', 'payments'],
  ['checkout', 'imports', 'returns', 'fit-confirmations'],
  ['kits'],
  ['jobs', 'proxy'],
  ['api-reference'],
];
/** Designed ties: these three import one another (a part's stock and its vehicles are the catalog's). */
const TIES = [['catalog', 'stock', 'vehicles']];
/** Folders of shared code rather than domains: imported file by file. */
const LAYERS = new Set(['core', 'client', 'platform', 'validations', 'openapi']);
/** Files a client component may import by path: no server code behind them. */
export const CLIENT_SAFE = [
  'accounts/session-hint',
  'accounts/types',
  'alerts/types',
  'auth/private-page-header',
  'auth/sign-in-errors',
  'cart/hint',
  'cart/destination',
  'catalog/fit-questions',
  'catalog/fitment',
  'catalog/part-units',
  'catalog/search/types',
  'catalog/types',
  'catalog/url',
  'fit-confirmations/types',
  'kits/types',
  'imports/types',
  'orders/tracking',
  'orders/types',
  'payments/types',
  'returns/types',
  'reviews/types',
  'vehicles/cookie',
  'vehicles/types',
];

const FOLDERS = RANKS.flat();
const rankOf = (folder) => RANKS.findIndex((rank) => rank.includes(folder));
const tiedWith = (a, b) => TIES.some((tie) => tie.includes(a) && tie.includes(b));

/** `@/lib/d/x` from outside d: only d's entry, its client-safe files and its OpenAPI description. */
function deepImports(from) {
  return FOLDERS.filter((d) => d !== from && !LAYERS.has(d)).map((d) => {
    const allowed = [...CLIENT_SAFE.filter((f) => f.startsWith(`${d}/`)).map((f) => f.slice(d.length + 1)), 'openapi[^/]*'];
    return {
      regex: `^@/lib/${d}/(?!(?:${allowed.join('|')})$).+`,
      message: `Import lib/${d} through its entry '@/lib/${d}' (client-safe files: eslint.layers.mjs).`,
    };
  });
}

/** Folders of the same or a higher rank, whole. */
function upwardImports(from) {
  const rank = rankOf(from);
  const above = FOLDERS.filter((d) => d !== from && rankOf(d) >= rank && !tiedWith(d, from));
  if (!above.length) return [];
  return [
    {
      group: above.flatMap((d) => [`@/lib/${d}`, `@/lib/${d}/**`]),
      message: `lib/${from} may not import this folder: it sits at the same or a higher layer (eslint.layers.mjs).`,
    },
  ];
}

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export const layerRules = [
  ...FOLDERS.map((folder) => ({
    files: [`lib/${folder}/**/*.{ts,tsx,mjs}`],
    ignores: TESTS,
    rules: restrict([...upwardImports(folder), ...(LAYERS.has(folder) ? [] : deepImports(folder))]),
  })),
  {
    files: ['models/**/*.ts'],
    ignores: TESTS,
    rules: restrict([{ group: ['@/lib/**', '!@/lib/core', '!@/lib/core/**'], message: 'models/ import only lib/core.' }]),
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/*.ts', 'proxy.ts', 'instrumentation.ts'],
    ignores: TESTS,
    rules: restrict(deepImports(null)),
  },
];
