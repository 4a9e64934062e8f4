/**
 * What every screen test needs: the back office rendered at a path in a language, as its `main.tsx` renders it, over
 * a stand-in API that records the calls it receives and knows the staff member's session.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { StaffRole, StaffSession } from '@attar/contract';
import { BackOffice } from '../components/back-office';
import { router } from '../router';

// A screen waited for is there when it answers; on a busy machine that can take longer than Testing Library's 1 s.
configure({ asyncUtilTimeout: 5_000 });

/** The token the stand-in's session carries: writes must send it back in X-CSRF-Token. */
export const CSRF = 'csrf-of-this-session';

/** The session the stand-in answers for `role`: Nadia, with two-step sign-in on. */
export const staffSession = (role: StaffRole): StaffSession => ({
  staff: { id: 1, email: 'owner@attar.test', name: 'Nadia', role, totp_enabled: true, is_active: true, created_at: '2026-11-01T10:00:00Z' },
  csrf_token: CSRF,
  expires_at: '2026-11-28T22:00:00Z',
  idle_minutes: 30,
  must_enrol_totp: false,
});

/** A call as the stand-in received it: the path with its query, and the body when there was one (JSON read, a file as it is). */
export type ApiCall = { method: string; path: string; url: URL; body: unknown; headers: Record<string, string> };

/** A JSON answer (204 without a body). */
export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for the API as `role` signed in: the session is read here (`session`: another one, or null for nobody
 * signed in, answered 401), every other call, signing in too, by `answer` (a 404 in the contract's shape when it
 * answers nothing). Returns the calls received, reading the session aside.
 */
export function standInApi(
  role: StaffRole,
  answer: (call: ApiCall) => Response | undefined,
  session: StaffSession | null = staffSession(role),
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://admin.test');
      if (url.pathname === '/api/staff/session/' && (init.method ?? 'GET') === 'GET')
        return session ? json(200, session) : json(401, { detail: 'Sign in first.', code: 'not_authenticated' });
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        url,
        // A file (an upload) is kept as it was sent; anything else is JSON.
        body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      return answer(call) ?? json(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  return calls;
}

/** The back office at `path` (under /admin), in `locale`, with a fresh cache; its router, to read the address. */
export function openScreen(locale: 'en' | 'ar', path: string) {
  localStorage.setItem('attar-admin-locale', locale);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const screenRouter = createRouter({ routeTree: router.routeTree, basepath: '/admin', history });
  render(<BackOffice queryClient={queries} router={screenRouter} />);
  return screenRouter;
}

/** Each test starts with no stored language and no stand-ins left from the one before. */
export function isolateScreenTests() {
  beforeEach(() => {
    localStorage.clear();
    // jsdom does not scroll: the router restores the scroll position on each navigation.
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
