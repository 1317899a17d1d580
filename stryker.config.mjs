// @ts-check
/**
 * StrykerJS over the modules whose rules cost money when they break (STYLE.md, Tests). Run it with
 * `npm run test:mutation` (scripts/mutation.ts): it starts the database once and runs each group below
 * on its own, `MUTATION_GROUP` naming it.
 *
 * A group is modules and the test files that specify them. For every mutant Stryker starts jest on
 * the files of the list that import the mutated module, and each costs a second or more to load before
 * its first test: money.ts is imported by nearly every API test, so a single list would load them all
 * for each of its mutants. A folder's pattern takes in a spec file added there later.
 * Incremental: each group's last report, committed, lets a run test only the mutants of code or tests
 * changed since, so CI on a fresh clone starts from it (.ci/run).
 */
export const MUTATION_GROUPS = {
  money: {
    mutate: ['lib/orders/money.ts'],
    tests: ['lib/orders/money.rules.test.ts', 'lib/orders/totals.property.test.ts', 'lib/returns/plan.property.test.ts'],
  },
  links: {
    mutate: ['lib/orders/guest-links.ts', 'lib/orders/lookup.ts'],
    tests: ['lib/orders/guest-links.test.ts', 'lib/orders/lookup.test.ts', 'tests/api/orders/lookup.test.ts'],
  },
  shipping: {
    mutate: ['lib/checkout/shipping.ts', 'lib/checkout/shipping-price.ts', 'lib/checkout/tax.ts'],
    tests: ['lib/checkout/*.test.ts', 'lib/orders/money.rules.test.ts', 'tests/api/checkout/quote.test.ts'],
  },
  codes: {
    mutate: ['lib/checkout/discounts.ts'],
    tests: ['lib/checkout/*.test.ts', 'tests/api/checkout/quote.test.ts', 'tests/api/orders/unpaid-orders.test.ts'],
  },
  // A change the log loses, or a vehicle's slot the index drops, shows shoppers an old price, stock or fit.
  catalog: {
    mutate: ['lib/catalog/change-log.ts', 'lib/catalog/search/vehicle-slots.ts'],
    tests: ['tests/api/catalog/change-log.test.ts', 'lib/catalog/search/vehicle-slots.test.ts'],
  },
  cart: {
    mutate: ['lib/cart/cart.ts'],
    tests: [
      'lib/cart/*.test.ts',
      'tests/api/checkout/cart.test.ts',
      'tests/api/checkout/cart-lines.test.ts',
      'tests/api/checkout/cart-merge.test.ts',
      'tests/api/checkout/cart-fit.test.ts',
      'tests/api/checkout/reorder.test.ts',
      'tests/api/orders/order-size.test.ts',
    ],
  },
};

/** @type {keyof typeof MUTATION_GROUPS | undefined} */
const name = /** @type {never} */ (process.env.MUTATION_GROUP);
// No group named: every module against every listed test (correct, and much slower).
const groups = name ? [MUTATION_GROUPS[name]] : Object.values(MUTATION_GROUPS);
if (groups.some((group) => !group)) throw new Error(`MUTATION_GROUP: no group "${name}" in stryker.config.mjs`);
const suffix = name ? `-${name}` : '';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  mutate: groups.flatMap((group) => group.mutate),
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.mjs',
    config: { testMatch: [...new Set(groups.flatMap((group) => group.tests))].map((file) => `<rootDir>/${file}`) },
    enableFindRelatedTests: true,
  },
  coverageAnalysis: 'perTest',
  // A mutant of a constant runs at load, before any test: Stryker would run every related test for it.
  ignoreStatic: true,
  // Generous: a mutant's run loads its test files, which its tests' own time does not count.
  timeoutMS: 30_000,
  thresholds: { high: 90, low: 85, break: 85 },
  incremental: true,
  incrementalFile: `reports/stryker-incremental${suffix}.json`,
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: `reports/mutation${suffix}/index.html` },
  // Build output, test data and caches: none of it runs in a test.
  ignorePatterns: ['/.data', '/.cache', '/.next', '/.next-*', '/e2e', '/test-results', '/playwright-report', '/coverage'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
