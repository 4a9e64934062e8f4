import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { PostgresCounters, RedisCounters, type CounterStore } from './counters';
import { enforce } from './limits';
import { ThrottledError } from '../http/errors';

function behavesAsCounters(name: string, open: () => Promise<{ store: CounterStore; close(): Promise<void> }>) {
  describe(name, () => {
    let store: CounterStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    }, 120_000);
    afterAll(() => close());
    const key = () => `test:${randomBytes(6).toString('hex')}`;

    it('counts hits within a window and reports the time left', async () => {
      const k = key();
      expect(await store.hit(k, 60_000)).toMatchObject({ count: 1 });
      const second = await store.hit(k, 60_000);
      expect(second.count).toBe(2);
      expect(second.ttlMs).toBeGreaterThan(50_000);
      expect(second.ttlMs).toBeLessThanOrEqual(60_000);
      expect((await store.peek(k)).count).toBe(2);
    });

    it('starts a new window once the old one is over', async () => {
      const k = key();
      await store.hit(k, 50);
      await store.hit(k, 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await store.peek(k)).count).toBe(0);
      expect((await store.hit(k, 50)).count).toBe(1);
    });

    it('loses no count under concurrent hits', async () => {
      const k = key();
      const hits = await Promise.all(Array.from({ length: 40 }, () => store.hit(k, 60_000)));
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it('resets, and enforce throws 429 with a wait past the limit', async () => {
      const k = key();
      await enforce(store, k, { max: 2, windowMs: 60_000 });
      await enforce(store, k, { max: 2, windowMs: 60_000 });
      const error = await enforce(store, k, { max: 2, windowMs: 60_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ThrottledError);
      expect((error as ThrottledError).retryAfterSeconds).toBeGreaterThan(0);
      await store.reset(k);
      expect((await store.peek(k)).count).toBe(0);
    });
  });
}

behavesAsCounters('PostgreSQL counters', async () => {
  const db: TestDatabase = await createTestDatabase({ seed: false });
  return { store: new PostgresCounters(db.database), close: () => db.drop() };
});

// Runs where a Redis server is named (CI sets REDIS_URL for its PostgreSQL pass).
describe.runIf(Boolean(process.env.REDIS_URL))('with REDIS_URL', () => {
  behavesAsCounters('Redis counters', async () => {
    const store = new RedisCounters(process.env.REDIS_URL!);
    // Commands fail rather than wait while Redis is not connected (the API then counts in PostgreSQL).
    await once(store.redis, 'ready');
    return { store, close: () => store.close() };
  });
});
