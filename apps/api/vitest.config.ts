import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One seeded database built once per run; each file's database starts as a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file builds its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
