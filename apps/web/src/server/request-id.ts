/**
 * One id per page request, from here through the API into its log lines (the API's ops/request-id.ts): kept from a
 * trusted proxy in front (TRUST_PROXY) when it looks like one, otherwise new. The storefront's server logs each request
 * with it, sends it on with `/api/…` requests it passes to the API, and the API client adds it to the calls a page
 * makes while it renders (found through `requestIds`, which the client reaches by a global symbol: Next's server bundle
 * is another module graph than this server's).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export const requestIds = new AsyncLocalStorage<string>();
(globalThis as Record<symbol, unknown>)[Symbol.for('attar.requestIds')] = requestIds;

export function requestIdFor(given: string | string[] | undefined, fromTrustedHop: boolean): string {
  return fromTrustedHop && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The build's own files and the pictures: served as they are, never logged one by one. */
export const isStaticPath = (url: string | undefined) => /^\/(_next\/static|media)\//.test(url ?? '');

/** LOG_LEVEL as the API reads it: a line per request at `info` (the default) and below. */
export const logsRequests = (level: string | undefined) => !['warn', 'error', 'fatal', 'silent'].includes(level ?? 'info');
