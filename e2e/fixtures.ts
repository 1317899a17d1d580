import { test as base } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { newClientIp } from './helpers';

/**
 * Every test's browser context looks like its own client (its own X-Forwarded-For, as behind a
 * proxy), so the shop's per-address rate limits apply per test, as they would per visitor.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, provide) => {
    await provide({ 'x-forwarded-for': newClientIp() });
  },
});

export const asCustomer = { storageState: STORAGE_STATE.customer };
export const asAdmin = { storageState: STORAGE_STATE.admin };

export { expect } from '@playwright/test';
