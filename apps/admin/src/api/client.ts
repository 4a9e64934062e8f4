/**
 * The back office's only way to the API: same-origin calls carrying the session cookie (httpOnly: this code never
 * sees it), the CSRF token on every write (held in memory only), and the chosen language. Errors arrive in the
 * contract's shapes: `{detail, code}` or `{field: [messages]}`.
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

export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? null : JSON.stringify(body),
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

/** `?a=1&b=2` from the defined values. */
export function queryString(params: Record<string, string | number | undefined | null>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
