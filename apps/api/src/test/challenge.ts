import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CHALLENGE_PROOF_HEADER } from '@attar/contract';

/** Solves one of the API's challenges as the storefront's widget does and returns the widget's payload. */
export async function solvedProof(app: FastifyInstance, ip: string): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: '/api/challenge/', remoteAddress: ip });
  if (answer.statusCode !== 200) throw new Error(`No challenge: ${answer.statusCode} ${answer.body}`);
  const challenge = answer.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export const withProof = (proof: string) => ({ [CHALLENGE_PROOF_HEADER]: proof });
