import { ThrottledError } from '../http/errors';
import type { CounterStore } from './counters';

export type Limit = { max: number; windowMs: number };

/** Counts one event under `key` and throws 429 (with Retry-After) once the window holds more than `max`. */
export async function enforce(store: CounterStore, key: string, limit: Limit): Promise<void> {
  const hit = await store.hit(key, limit.windowMs);
  if (hit.count > limit.max) throw new ThrottledError(Math.max(1, Math.ceil(hit.ttlMs / 1000)));
}
