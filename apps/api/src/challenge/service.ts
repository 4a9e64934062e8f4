/**
 * The proof of work asked of a busy address (decision 0033). Shoppers behind one public address (carrier-grade NAT)
 * each get their code: past a few sends an hour from an address, a send needs a solved ALTCHA challenge, which costs a
 * person's browser a second and a script the same for every message it wants sent. Challenges are signed with the
 * shop's HMAC key (no third party) and each solution is taken once.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Locale } from '@attar/contract';
import type { Config } from '../config';
import { ApiError, ThrottledError } from '../http/errors';
import { text } from '../i18n/catalogue';
import type { CounterStore } from '../ratelimit/counters';

export type ChallengeContext = { config: Pick<Config, 'challenge'>; counters: CounterStore };

/** How long a challenge may be solved and sent back; a used solution is remembered as long. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** Sends an address may ask for in an hour without a proof: a household's worth. */
export const FREE_SENDS_PER_ADDRESS = 5;
/** Sends an address may ask for in an hour at all, proof or not: hundreds of shoppers behind one address. */
export const SENDS_PER_ADDRESS = 500;
const HOUR_MS = 3_600_000;
const ALGORITHM = 'SHA-256';

/** A new challenge to solve: its counter is drawn at random up to the configured work. */
export async function newChallenge(ctx: Pick<ChallengeContext, 'config'>): Promise<Challenge> {
  const { hmacKey, maxNumber } = ctx.config.challenge;
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(Math.floor(maxNumber / 2), maxNumber),
    deriveKey,
    hmacSignatureSecret: hmacKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

const refused = (locale: Locale, code: 'challenge_invalid' | 'challenge_used') =>
  new ApiError(400, code, text(locale, code === 'challenge_used' ? 'challengeUsed' : 'challengeInvalid'));

/** The widget's payload: base64 of `{challenge: {parameters, signature}, solution: {counter, derivedKey}}`. */
function decodeProof(proof: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const decoded = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as Record<string, unknown>;
    const challenge = decoded.challenge as Challenge | null;
    const solution = decoded.solution as Solution | null;
    if (!challenge || typeof challenge !== 'object' || typeof challenge.signature !== 'string') return null;
    if (!challenge.parameters || typeof challenge.parameters !== 'object') return null;
    if (!solution || !Number.isInteger(solution.counter) || typeof solution.derivedKey !== 'string') return null;
    return { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge and takes it: 400 `challenge_invalid` for a bad, altered or expired one, 400
 * `challenge_used` for one already taken (the first of two concurrent uses wins: one counter, counted atomically).
 */
export async function takeProof(ctx: ChallengeContext, proof: string, locale: Locale): Promise<void> {
  const decoded = decodeProof(proof);
  if (!decoded || decoded.challenge.parameters.algorithm !== ALGORITHM) throw refused(locale, 'challenge_invalid');
  const result = await verifySolution({ ...decoded, deriveKey, hmacSignatureSecret: ctx.config.challenge.hmacKey }).catch(() => null);
  if (!result?.verified) throw refused(locale, 'challenge_invalid');
  const uses = await ctx.counters.hit(`challenge-used:${decoded.challenge.signature}`, CHALLENGE_TTL_MS);
  if (uses.count > 1) throw refused(locale, 'challenge_used');
}

/**
 * Lets a send to a phone or e-mail nobody has proved yet go ahead from `ip`: free for the first few of the hour, then
 * only with a solved challenge (428 `challenge_required` without one), and never past the address's ceiling (429).
 */
export async function admitAddress(ctx: ChallengeContext, input: { ip: string; proof: string | undefined; locale: Locale }): Promise<void> {
  const sends = await ctx.counters.hit(`sends:ip:${input.ip}`, HOUR_MS);
  if (sends.count > SENDS_PER_ADDRESS) throw new ThrottledError(Math.max(1, Math.ceil(sends.ttlMs / 1000)));
  if (input.proof) return takeProof(ctx, input.proof, input.locale);
  if (sends.count > FREE_SENDS_PER_ADDRESS) {
    throw new ApiError(428, 'challenge_required', text(input.locale, 'challengeRequired'));
  }
}
