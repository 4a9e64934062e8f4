/**
 * Password hashing: argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). Hashes carried over from the old
 * Django shop (`pbkdf2_sha256$iterations$salt$hash`) still verify; the caller re-hashes them after a successful log-in.
 */
import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm.Argon2id` is a const enum (2), which isolated modules cannot read.
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const pbkdf2Async = promisify(pbkdf2);

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of a random password: verifying against it costs what a real check costs, for unknown accounts. */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));

export const isLegacyHash = (stored: string) => stored.startsWith('pbkdf2_sha256$');

async function verifyDjango(stored: string, password: string): Promise<boolean> {
  const [, iterations, salt, expected] = stored.split('$');
  if (!iterations || !salt || !expected || !/^\d+$/.test(iterations)) return false;
  const expectedBytes = Buffer.from(expected, 'base64');
  const actual = await pbkdf2Async(password, salt, Number(iterations), expectedBytes.length, 'sha256');
  return actual.length === expectedBytes.length && timingSafeEqual(actual, expectedBytes);
}

/** Checks a password against a stored hash; with no hash (unknown account) it still spends the time and fails. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  if (isLegacyHash(stored)) return verifyDjango(stored, password);
  return verify(stored, password).catch(() => false);
}
