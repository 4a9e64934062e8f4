import { ThrottledError } from '../http/errors';
import type { CounterStore } from './counters';

export type Limit = { max: number; windowMs: number };

/** Counts one event under `key` and throws 429 (with Retry-After) once the window holds more than `max`. */
export async function enforce(store: CounterStore, key: string, limit: Limit): Promise<void> {
  const hit = await store.hit(key, limit.windowMs);
  if (hit.count > limit.max) throw new ThrottledError(Math.max(1, Math.ceil(hit.ttlMs / 1000)));
}

/** Failures per address and account before delays start, and the longest delay. */
const FREE_FAILURES = 3;
const MAX_LOGIN_DELAY_MS = 15 * 60_000;
/**
 * Failures on one account from any addresses before it is locked the same way: an attacker rotating addresses gets
 * this many guesses an hour, not as many as they have addresses.
 */
const FREE_ACCOUNT_FAILURES = 10;

/** Growing delays after repeated failures: 1 s, 2 s, 4 s … up to 15 minutes. */
async function countFailure(store: CounterStore, failureKey: string, lockKey: string, freeFailures: number) {
  const failures = await store.hit(failureKey, 3_600_000);
  if (failures.count >= freeFailures) {
    await store.hit(lockKey, Math.min(MAX_LOGIN_DELAY_MS, 1000 * 2 ** (failures.count - freeFailures)));
  }
}

/**
 * Password sign-in throttling, shared by shoppers (`scope` 'login') and staff ('staff-login'): 30 tries per address in
 * 15 minutes, and growing locks per address-and-account and per account whatever the address.
 */
const loginKeys = (scope: string, ip: string, identity: string) => ({
  lockKey: `${scope}-lock:${ip}:${identity}`,
  accountLockKey: `${scope}-lock:account:${identity}`,
  failureKey: `${scope}-fail:${ip}:${identity}`,
  accountFailureKey: `${scope}-fail:account:${identity}`,
});

export function loginGuard(store: CounterStore, scope: string, ip: string, identity: string, lockedMessage: string) {
  const { lockKey, accountLockKey, failureKey, accountFailureKey } = loginKeys(scope, ip, identity);
  return {
    async check() {
      await enforce(store, `${scope}:ip:${ip}`, { max: 30, windowMs: 15 * 60_000 });
      for (const key of [lockKey, accountLockKey]) {
        const lock = await store.peek(key);
        if (lock.count > 0) throw new ThrottledError(Math.max(1, Math.ceil(lock.ttlMs / 1000)), lockedMessage);
      }
    },
    async failed() {
      await countFailure(store, failureKey, lockKey, FREE_FAILURES);
      await countFailure(store, accountFailureKey, accountLockKey, FREE_ACCOUNT_FAILURES);
    },
    async succeeded() {
      await store.reset(failureKey);
      await store.reset(accountFailureKey);
    },
  };
}

/**
 * Ends the password sign-in lock of an account whose owner has just proved it another way (a password reset by code),
 * and forgets its failures, so anyone failing on purpose cannot keep them out after the reset (docs/security.md).
 */
export async function clearLoginLock(store: CounterStore, scope: string, ip: string, identity: string) {
  for (const key of Object.values(loginKeys(scope, ip, identity))) await store.reset(key);
}
