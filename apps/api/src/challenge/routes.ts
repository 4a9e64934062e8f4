import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { CHALLENGE_PROOF_HEADER, ChallengeResponse, ErrorBody } from '@attar/contract';
import { publicSecurity } from '../http/openapi';
import { newChallenge, type ChallengeContext } from './service';

/**
 * Challenges asked per address and minute: one per send for the hundreds of shoppers behind one public address. Issuing
 * one is a signature; the work is the solver's.
 */
const RATE_LIMIT = { rateLimit: { max: 600, timeWindow: '1 minute' } };

/** The solved challenge a request carries, if any. */
export function proofOf(request: FastifyRequest): string | undefined {
  const header = request.headers[CHALLENGE_PROOF_HEADER];
  return typeof header === 'string' && header ? header : undefined;
}

/** What a route that may ask for a proof answers besides its own: 428 challenge_required. */
export const challengeAnswers = { 428: ErrorBody };

export const challengeRoutes =
  (ctx: ChallengeContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.get(
      '/api/challenge/',
      {
        config: RATE_LIMIT,
        schema: {
          summary: 'A proof-of-work challenge to solve before a send from a busy address.',
          operationId: 'getChallenge',
          security: publicSecurity,
          tags: ['accounts'],
          description:
            'An ALTCHA challenge signed by the shop, valid 10 minutes. A send answered 428 `challenge_required` is repeated ' +
            `with the solved challenge (the widget's payload) in the \`${CHALLENGE_PROOF_HEADER}\` header; each solution is taken once.`,
          response: { 200: ChallengeResponse, 429: ErrorBody },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return newChallenge(ctx);
      },
    );
  };
