/**
 * Fixed-window counters shared by every API instance: in PostgreSQL by default, in Redis when REDIS_URL is set and
 * PostgreSQL again while Redis cannot be reached (decision 0031). `hit` counts one event under `key` and says how many
 * there were in the current window and when it ends.
 */
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { UnavailableError } from '../http/errors';

export type Hit = { count: number; ttlMs: number };

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current count without adding one (0 when the window is over). */
  peek(key: string): Promise<Hit>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A counter's hits and how long its window has left. */
type CounterRow = Pick<TableRow<typeof tables.rateLimitCounters>, 'count'> & { ttl_ms: number };

export class PostgresCounters implements CounterStore {
  constructor(private readonly database: Database) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    // One statement: a new window starts when the old one has ended, so concurrent hits never lose a count.
    const row = oneRow(
      await this.database.rows<CounterRow>(sql`
        INSERT INTO rate_limit_counters AS c (key, count, reset_at)
        VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
          reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
        RETURNING count, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl_ms`),
    );
    return { count: row.count, ttlMs: row.ttl_ms };
  }

  async peek(key: string): Promise<Hit> {
    const [row] = await this.database.rows<CounterRow>(sql`
      SELECT count, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl_ms
      FROM rate_limit_counters WHERE key = ${key} AND reset_at > now()`);
    return row ? { count: row.count, ttlMs: row.ttl_ms } : { count: 0, ttlMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.database.rows(sql`DELETE FROM rate_limit_counters WHERE key = ${key}`);
  }

  async close(): Promise<void> {}
}

/**
 * Redis fails fast instead of queueing: no offline queue (a command while disconnected fails at once), short connect
 * and command timeouts and one retry, so a call fails well within a second and the PostgreSQL counters answer instead.
 * It reconnects by itself, every half second at most, so counts move back to Redis soon after it returns.
 */
const REDIS_CONNECT_TIMEOUT_MS = 500;
const REDIS_COMMAND_TIMEOUT_MS = 300;
const REDIS_RECONNECT_MS = 500;

export class RedisCounters implements CounterStore {
  readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_RECONNECT_MS),
    });
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
    // A Redis that is away or hangs never answers QUIT: the connection is then simply dropped.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** Redis as the counters see it: in use, configured but unreachable (counts in PostgreSQL), or not configured. */
export type RedisState = 'ok' | 'degraded' | 'not configured';

/** While Redis failed its last command and still seems connected (hung rather than gone), it is tried once a second. */
const REDIS_RETRY_MS = 1000;

/**
 * The counters the API uses: Redis when configured and reachable, PostgreSQL otherwise. A limit is never skipped: with
 * both unreachable the call fails with 503. Redis going away and coming back are reported once each (`onRedisChange`).
 */
export class SharedCounters implements CounterStore {
  private redisUp = true;
  private lastRedisFailure = 0;
  private readonly listeners = new Set<(state: RedisState, error?: Error) => void>();

  constructor(
    private readonly postgres: CounterStore,
    private readonly redis?: RedisCounters,
  ) {
    // ioredis emits 'error' on each failed reconnection: listened to here (an unhandled 'error' is logged as such), and
    // reported only when Redis was up until now.
    redis?.redis.on('error', (error: Error) => this.redisFailed(error));
    redis?.redis.on('ready', () => this.redisReachable());
  }

  /** Calls `listener` when Redis goes away (with the error) and when it answers again. */
  onRedisChange(listener: (state: RedisState, error?: Error) => void): void {
    this.listeners.add(listener);
  }

  redisState(): RedisState {
    if (!this.redis) return 'not configured';
    return this.redisUp && this.redis.redis.status === 'ready' ? 'ok' : 'degraded';
  }

  hit(key: string, windowMs: number): Promise<Hit> {
    return this.counted((store) => store.hit(key, windowMs));
  }

  peek(key: string): Promise<Hit> {
    return this.counted((store) => store.peek(key));
  }

  async reset(key: string): Promise<void> {
    // Always in PostgreSQL too, where an outage may have left counts under the same key. A reset Redis misses leaves a
    // count standing: stricter, never looser.
    await this.postgres.reset(key);
    const redis = this.usableRedis();
    if (!redis) return;
    await redis.reset(key).then(
      () => this.redisReachable(),
      (error: Error) => this.redisFailed(error),
    );
  }

  /** Asks Redis (readiness): the state after a PING, which also notices a Redis that hangs rather than disconnects. */
  async checkRedis(): Promise<RedisState> {
    if (this.redis?.redis.status === 'ready') {
      await this.redis.ping().then(
        () => this.redisReachable(),
        (error: Error) => this.redisFailed(error),
      );
    }
    return this.redisState();
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.redis?.close();
  }

  /** Redis, when it is to be asked now. */
  private usableRedis(): RedisCounters | null {
    if (!this.redis || this.redis.redis.status !== 'ready') return null;
    return this.redisUp || Date.now() - this.lastRedisFailure >= REDIS_RETRY_MS ? this.redis : null;
  }

  private async counted<T>(work: (store: CounterStore) => Promise<T>): Promise<T> {
    const redis = this.usableRedis();
    if (redis) {
      try {
        const result = await work(redis);
        this.redisReachable();
        return result;
      } catch (error) {
        this.redisFailed(error as Error);
      }
    }
    try {
      return await work(this.postgres);
    } catch (error) {
      // Fail closed: a count that cannot be taken refuses the call rather than letting it through uncounted.
      throw this.redis ? new UnavailableError({ cause: error }) : error;
    }
  }

  private redisFailed(error: Error) {
    this.lastRedisFailure = Date.now();
    if (!this.redisUp) return;
    this.redisUp = false;
    for (const listener of this.listeners) listener('degraded', error);
  }

  private redisReachable() {
    if (this.redisUp) return;
    this.redisUp = true;
    for (const listener of this.listeners) listener('ok');
  }
}

export function createCounterStore(database: Database, redisUrl?: string): SharedCounters {
  return new SharedCounters(new PostgresCounters(database), redisUrl ? new RedisCounters(redisUrl) : undefined);
}
