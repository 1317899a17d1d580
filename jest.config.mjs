import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  globalSetup: '<rootDir>/tests/jest/global-setup.ts',
  globalTeardown: '<rootDir>/tests/jest/global-teardown.ts',
  setupFiles: ['<rootDir>/tests/jest/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/tests/jest/per-file-database.ts'],
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next/', '/.data/', '/.cache/', '<rootDir>/.stryker-tmp/'],
  modulePathIgnorePatterns: ['<rootDir>/.next/', '<rootDir>/.data/', '<rootDir>/.cache/', '<rootDir>/.stryker-tmp/'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/jest/empty-module.ts',
    '^next/cache$': '<rootDir>/tests/jest/next-cache.ts',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testTimeout: 60000,
  maxWorkers: 2,
};

export default createJestConfig(config);
