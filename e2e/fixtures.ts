import { test as base } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { newClientIp } from './helpers';

/** Each test's context sends its own X-Forwarded-For, so the per-address rate limits apply per test as per visitor. */
export const test = base.extend({
  extraHTTPHeaders: async ({}, provide) => {
    await provide({ 'x-forwarded-for': newClientIp() });
  },
});

export const asCustomer = { storageState: STORAGE_STATE.customer };
export const asAdmin = { storageState: STORAGE_STATE.admin };

export { expect } from '@playwright/test';
