/**
 * Fixed-window counters shared by every API instance: in PostgreSQL by default, in Redis when REDIS_URL is set.
 * `hit` counts one event under `key` and says how many there were in the current window and when it ends.
 */
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client';

export type Hit = { count: number; ttlMs: number };

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current count without adding one (0 when the window is over). */
  peek(key: string): Promise<Hit>;
  reset(key: string): Promise<void>;
  /** Throws when the store cannot be reached (`/api/ready`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class PostgresCounters implements CounterStore {
  constructor(private readonly database: Database) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    // One statement: a new window starts when the old one has ended, so concurrent hits never lose a count.
    const [row] = await this.database.rows<{ count: number; ttl_ms: number }>(sql`
      INSERT INTO rate_limit_counters AS c (key, count, reset_at)
      VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
        reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
      RETURNING count, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl_ms`);
    return { count: row!.count, ttlMs: row!.ttl_ms };
  }

  async peek(key: string): Promise<Hit> {
    const [row] = await this.database.rows<{ count: number; ttl_ms: number }>(sql`
      SELECT count, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl_ms
      FROM rate_limit_counters WHERE key = ${key} AND reset_at > now()`);
    return row ? { count: row.count, ttlMs: row.ttl_ms } : { count: 0, ttlMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.database.rows(sql`DELETE FROM rate_limit_counters WHERE key = ${key}`);
  }

  async ping(): Promise<void> {
    await this.database.rows(sql`SELECT 1`);
  }

  async close(): Promise<void> {}
}

export class RedisCounters implements CounterStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const k = `attar:rl:${key}`;
    // The window starts with the first hit: NX sets the expiry only when the key has none.
    const results = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    return { count: Number(results?.[0]?.[1]), ttlMs: Math.max(0, Number(results?.[2]?.[1])) };
  }

  async peek(key: string): Promise<Hit> {
    const [count, ttl] = await Promise.all([this.redis.get(`attar:rl:${key}`), this.redis.pttl(`attar:rl:${key}`)]);
    return count ? { count: Number(count), ttlMs: Math.max(0, ttl) } : { count: 0, ttlMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`attar:rl:${key}`);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createCounterStore(database: Database, redisUrl?: string): CounterStore {
  return redisUrl ? new RedisCounters(redisUrl) : new PostgresCounters(database);
}
