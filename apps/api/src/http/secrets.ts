import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a presented secret with the expected one in constant time: both are hashed first, so neither their
 * contents nor their lengths show in the time taken.
 */
export function secretsEqual(given: string | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}
