import { afterEach, describe, expect, it, vi } from 'vitest';

type FetchCall = [string, RequestInit & { next?: { revalidate: number } }];

function answer(status: number, body: string) {
  return vi.fn(async () => new Response(body || null, { status, headers: { 'Content-Type': 'application/json' } }));
}

async function loadClient() {
  vi.resetModules();
  return import('./client');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('apiRequest on the server', () => {
  it('calls API_INTERNAL_URL with JSON headers and the language, and unwraps the data', async () => {
    vi.stubEnv('API_INTERNAL_URL', 'http://api.internal:9000/');
    const fetch = answer(200, '{"count":1}');
    vi.stubGlobal('fetch', fetch);
    const { apiRequest } = await loadClient();
    await expect(
      apiRequest('/api/products/', { locale: 'ar', query: { search: 'عود', page: 2, family: undefined }, revalidate: 60 }),
    ).resolves.toEqual({
      count: 1,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as FetchCall;
    expect(url).toBe('http://api.internal:9000/api/products/?search=%D8%B9%D9%88%D8%AF&page=2');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Accept-Language': 'ar' });
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.next).toEqual({ revalidate: 60 });
  });

  it('sends JSON bodies and never caches calls without a revalidate time', async () => {
    const fetch = answer(201, '{"detail":"Subscribed."}');
    vi.stubGlobal('fetch', fetch);
    const { apiRequest } = await loadClient();
    await apiRequest('/api/news-letter/', { method: 'POST', body: { email: 'a@b.eg' } });
    const [url, init] = fetch.mock.calls[0] as unknown as FetchCall;
    expect(url).toBe('http://127.0.0.1:8000/api/news-letter/');
    expect(init.body).toBe('{"email":"a@b.eg"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init.cache).toBe('no-store');
  });

  it('rejects a failed request with the server body', async () => {
    vi.stubGlobal('fetch', answer(404, '{"detail":"Not found.","code":"not_found"}'));
    const { apiRequest } = await loadClient();
    await expect(apiRequest('/api/products/nope/')).rejects.toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('does not reject a failed response without a body', async () => {
    vi.stubGlobal('fetch', answer(502, ''));
    const { apiRequest, apiRequire } = await loadClient();
    await expect(apiRequest('/api/sliders/')).resolves.toBeUndefined();
    await expect(apiRequire('/api/sliders/')).rejects.toThrow('The API gave no answer for /api/sliders/');
  });
});

describe('apiRequest in the browser', () => {
  it('calls the same origin and sends the stored token, except on anonymous calls', async () => {
    const storage = new Map([['token', 'abc123']]);
    vi.stubGlobal('window', { localStorage: { getItem: (key: string) => storage.get(key) ?? null } });
    const fetch = answer(200, '{}');
    vi.stubGlobal('fetch', fetch);
    const { apiRequest } = await loadClient();
    await apiRequest('/api/carts/me/');
    await apiRequest('/api/check-ip-address', { method: 'POST', body: {}, anonymous: true });
    const [[url, signedIn], [, anonymous]] = fetch.mock.calls as unknown as [FetchCall, FetchCall];
    expect(url).toBe('/api/carts/me/');
    expect(signedIn.headers).toMatchObject({ Authorization: 'Token abc123' });
    expect(anonymous.headers).not.toHaveProperty('Authorization');
    expect(signedIn).not.toHaveProperty('next');
  });
});

describe('apiRequest from a busy address', () => {
  const required = '{"code":"challenge_required","detail":"Confirm you are a person."}';
  const responses = (...answers: [number, string][]) => {
    const queue = [...answers];
    return vi.fn(async () => {
      const [status, body] = queue.shift()!;
      return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
    });
  };

  it('asks the page’s solver for a proof on 428 challenge_required and sends the request again with it, once', async () => {
    const fetch = responses([428, required], [200, '{"detail":"Sent."}']);
    vi.stubGlobal('fetch', fetch);
    const { apiRequest, setProofSolver, CHALLENGE_PROOF_HEADER } = await loadClient();
    const solver = vi.fn(async () => 'solved-payload');
    setProofSolver(solver);
    await expect(apiRequest('/api/otp_guest_promocode/', { method: 'POST', body: { phone: '01001234567' } })).resolves.toEqual({
      detail: 'Sent.',
    });
    expect(solver).toHaveBeenCalledWith('Confirm you are a person.');
    const [, again] = fetch.mock.calls[1] as unknown as FetchCall;
    expect(again.headers).toMatchObject({ [CHALLENGE_PROOF_HEADER]: 'solved-payload' });
    expect(again.body).toBe('{"phone":"01001234567"}');
  });

  it('throws the 428 body when the shopper closes the check, or when a proof was already sent', async () => {
    vi.stubGlobal('fetch', responses([428, required], [428, required], [428, required]));
    const { apiRequest, setProofSolver } = await loadClient();
    const release = setProofSolver(async () => null);
    await expect(apiRequest('/api/news-letter/', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'challenge_required' });
    release();
    setProofSolver(async () => 'proof');
    await expect(
      apiRequest('/api/news-letter/', { method: 'POST', body: {}, headers: { 'X-Challenge-Proof': 'p' } }),
    ).rejects.toMatchObject({
      code: 'challenge_required',
    });
  });
});
