import { z } from 'zod';

/**
 * The proof of work a busy address is asked for (decision 0033). A send to a phone or e-mail answered
 * `428 {code: "challenge_required"}` is repeated with the solved challenge in this header: the ALTCHA widget's payload
 * (base64 JSON), taken once.
 */
export const CHALLENGE_PROOF_HEADER = 'x-challenge-proof';
export const CHALLENGE_REQUIRED = 'challenge_required';

/** `GET /api/challenge/`: an ALTCHA challenge signed by the shop, to solve in the browser. */
export const ChallengeResponse = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type ChallengeResponse = z.infer<typeof ChallengeResponse>;
