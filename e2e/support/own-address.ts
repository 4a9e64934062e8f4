/**
 * The test runner with a fresh client address per test, named in X-Forwarded-For on every storefront and API request
 * of its browser context: the API limits code sends and sign-ups per address, so tests must not share one.
 */
import { test as base } from './fixtures';
import { randomClientAddress } from './shoppers';

export const testFromOwnAddress = base.extend<{ clientAddress: string }>({
  clientAddress: async ({}, use) => use(randomClientAddress()),
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress });
    await use(context);
  },
});
