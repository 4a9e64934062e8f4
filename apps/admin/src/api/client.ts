/**
 * The back office's only way to the API: same-origin calls carrying the session cookie (httpOnly: this code never
 * sees it), the CSRF token on every write (held in memory only, never in storage), and the chosen language so that
 * errors come back in it. Errors arrive in the contract's shapes: `{detail, code}` or `{field: [messages]}`.
 */
import type { Locale } from '@attar/contract';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
  /** Field errors (`{field: [messages]}`), when the API answered with them. */
  get fields(): Record<string, string[]> {
    return Object.fromEntries(Object.entries(this.body).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
  }
}

let csrfToken: string | null = null;
let language: Locale = 'en';
/** Set from the session the API hands out; forgotten at sign-out. */
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};
export const setApiLanguage = (locale: Locale) => {
  language = locale;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * `locale`: ask in another language than the screen's (a printed document in the other language); `headers`: more
 * headers (an Idempotency-Key).
 */
export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { locale?: Locale; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': options.locale ?? language,
    ...options.headers,
  };
  // A file goes as it is (an upload: the API reads what it is from its bytes); anything else as JSON.
  const file = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = file ? 'application/octet-stream' : 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? null : file ? body : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const fieldMessages = Object.values(data).filter(Array.isArray).flat();
    const detail = typeof data.detail === 'string' ? data.detail : fieldMessages.join(' ');
    throw new ApiFailure(response.status, typeof data.code === 'string' ? data.code : 'invalid', detail, data);
  }
  return data as T;
}

/** `?a=1&b=2` from the values that are set. */
export function queryString(params: Record<string, string | number | undefined | null>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A 401: the session ended (idle, expired, or signed out elsewhere). */
export const isSignedOut = (error: unknown) => error instanceof ApiFailure && error.status === 401;
