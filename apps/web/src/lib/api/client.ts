/**
 * The one way the storefront talks to the API.
 * - On the server it calls `API_INTERNAL_URL` directly; in the browser it calls same-origin `/api/…`, which
 *   next.config.ts rewrites to the API.
 * - Answers are unwrapped to their data. A failed request rejects with the server's body; a failed response
 *   without a body does not reject (it resolves to `undefined`).
 */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * A send from a busy address is answered 428 `challenge_required` (decision 0033): in the browser the request is then
 * repeated once with the solved challenge in this header, the solver being the page's challenge dialog
 * (components/challenge). Without a solver, or when the shopper closes the dialog, the 428 body is thrown as usual.
 */
export const CHALLENGE_PROOF_HEADER = 'X-Challenge-Proof';
type ProofSolver = (detail: string) => Promise<string | null>;
let proofSolver: ProofSolver | null = null;

/** Registers the page's challenge dialog; returns the way to take it back. */
export function setProofSolver(solver: ProofSolver): () => void {
  proofSolver = solver;
  return () => {
    if (proofSolver === solver) proofSolver = null;
  };
}

function challengeRequired(body: unknown): body is { detail: string; code: 'challenge_required' } {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'challenge_required';
}

const DEFAULT_API_URL = 'http://127.0.0.1:8000';
const isBrowser = typeof window !== 'undefined';

export function apiBaseUrl(): string {
  return isBrowser ? '' : (process.env.API_INTERNAL_URL ?? DEFAULT_API_URL).replace(/\/$/, '');
}

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sent as `Accept-Language` so names and messages come back in that language. */
  locale?: string;
  /** Calls sent without an authorization header even when a token is stored (location, site config, popup promotion). */
  anonymous?: boolean;
  /** Seconds the server may reuse the answer (catalogue data); unset: never cached. Server side only. */
  revalidate?: number;
  /** Server-side only: headers to pass on (the visitor's forwarded address). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Browser only: the request outlives the page (a save sent as the shopper leaves it). */
  keepalive?: boolean;
  /** Reads the answer's headers (a search's id), whatever its body. */
  readHeaders?: (headers: Headers) => void;
};

/**
 * Catalogue data is reused for a second at most: a staff edit reaches the API at once (its micro-cache is cleared on
 * every instance, decision 0004), so an edited price shows on the storefront within the 3 s the back office promises.
 */
export const CATALOGUE_REVALIDATE_SECONDS = 1;

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The stored token in the browser (sent as `Token {token}` when one is stored); none on the server. */
function storedToken(): string | null {
  if (!isBrowser) return null;
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The id of the page request being rendered (the storefront's server/request-id.ts), for the API's log lines. */
function renderingRequestId(): string | undefined {
  const ids = (globalThis as Record<symbol, { getStore(): string | undefined } | undefined>)[Symbol.for('attar.requestIds')];
  return ids?.getStore();
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T | undefined> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.locale) headers['Accept-Language'] = options.locale;
  const token = options.anonymous ? null : storedToken();
  if (token) headers.Authorization = `Token ${token}`;

  const init: RequestInit & { next?: { revalidate: number } } = {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
  };
  if (!isBrowser) {
    if (options.revalidate === undefined) {
      init.cache = 'no-store';
      // Only on answers made for this request: an id would split a shared cached answer's key per page view.
      const requestId = renderingRequestId();
      if (requestId) headers['X-Request-Id'] = requestId;
    } else init.next = { revalidate: options.revalidate };
  }

  const response = await fetch(`${apiBaseUrl()}${path}${buildQuery(options.query)}`, init);
  options.readHeaders?.(response.headers);
  const body = await readBody(response);
  if (response.ok) return body as T;
  if (body === undefined) return undefined;
  if (response.status === 428 && challengeRequired(body) && proofSolver && !options.headers?.[CHALLENGE_PROOF_HEADER]) {
    const proof = await proofSolver(body.detail);
    if (proof) return apiRequest<T>(path, { ...options, headers: { ...options.headers, [CHALLENGE_PROOF_HEADER]: proof } });
  }
  throw body;
}

/** For answers a page cannot do without: a bodiless failure becomes an error instead of `undefined`. */
export async function apiRequire<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const data = await apiRequest<T>(path, options);
  if (data === undefined) throw new Error(`The API gave no answer for ${path}`);
  return data;
}
