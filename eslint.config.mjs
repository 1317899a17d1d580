import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { layerRules } from './eslint.layers.mjs';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...layerRules,
  globalIgnores([
    // Next's build output: .next, and .next-bench (npm run bench) or any other NEXT_DIST_DIR.
    '.next*/**',
    '.data/**',
    '.cache/**',
    'node_modules/**',
    'next-env.d.ts',
    'e2e/screenshots/**',
    'test-results/**',
    'playwright-report/**',
    '.stryker-tmp/**',
    'reports/**',
    'tests/lint/fixtures/**',
  ]),
]);
