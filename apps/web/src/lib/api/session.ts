/**
 * The startup token check, kept apart from the other account calls (accounts.ts): every page runs it, so
 * only it travels with every page's first JavaScript.
 */
import { apiRequest } from './client';

type TokenVerifyAnswer = { detail?: string; code?: string };

/** The startup screen waits for the token check, but not forever: a check that hangs counts as not done. */
const TOKEN_CHECK_TIMEOUT_MS = 10_000;

/** `{detail: "Token is valid"}` for a live token; rejects with `{code: "token_not_valid"}` for a dead one. */
export function verifyToken(token: string) {
  return apiRequest<TokenVerifyAnswer>('/api/users/token/verify/', {
    method: 'POST',
    body: { access_token: token },
    signal: AbortSignal.timeout(TOKEN_CHECK_TIMEOUT_MS),
  });
}
