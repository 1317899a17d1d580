import { request, test as setup } from '@playwright/test';
import { E2E_ACCOUNTS, STORAGE_STATE } from './config';
import { signInViaApi } from './helpers';

for (const role of ['admin', 'customer'] as const) {
  setup(`sign in the seeded ${role}`, async ({ baseURL }) => {
    const context = await request.newContext({ baseURL });
    await signInViaApi(context, E2E_ACCOUNTS[role]);
    await context.storageState({ path: STORAGE_STATE[role] });
    await context.dispose();
  });
}
