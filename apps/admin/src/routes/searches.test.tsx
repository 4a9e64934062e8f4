import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchReport, StaffRole, StaffSession } from '@attar/contract';
import { ToastProvider } from '../components/toasts';
import { I18nProvider } from '../lib/i18n';
import { shopDay } from '../lib/searches-period';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { router } from '../router';

const session = (role: StaffRole): StaffSession => ({
  staff: { id: 1, email: 'owner@attar.test', name: 'Nadia', role, totp_enabled: true, is_active: true, created_at: '2026-11-01T10:00:00Z' },
  csrf_token: 'csrf-of-this-session',
  expires_at: '2026-11-28T22:00:00Z',
  idle_minutes: 30,
  must_enrol_totp: false,
});

const report = (from: string, to: string): SearchReport => ({
  from,
  to,
  searches: 1234,
  no_results: 56,
  clicked: 789,
  top: [
    { query: 'Oud', searches: 40, results: 12, clicks: 9 },
    { query: 'عود', searches: 30, results: 9, clicks: 4 },
  ],
  no_result_queries: [{ query: 'zanzibarine', searches: 3, results: 0, clicks: 0 }],
  no_click_queries: [],
});

/** The API as the screen sees it: the session and the report of whatever period is asked, and the calls it received. */
function fakeApi(role: StaffRole) {
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://admin.test');
    calls.push(url.pathname + url.search);
    if (url.pathname === '/api/staff/session/') return json(200, session(role));
    if (url.pathname === '/api/staff/searches/') return json(200, report(url.searchParams.get('from')!, url.searchParams.get('to')!));
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { reportCalls: () => calls.filter((call) => call.startsWith('/api/staff/searches/')) };
}

function openScreen(locale: 'en' | 'ar', path = '/admin/searches') {
  localStorage.setItem('attar-admin-locale', locale);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screenRouter = createRouter({
    routeTree: router.routeTree,
    basepath: '/admin',
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <I18nProvider>
      <QueryClientProvider client={queries}>
        <ToastProvider>
          <RouterProvider router={screenRouter} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Searches report', () => {
  it('shows the last 30 Cairo days, its lists with their CSV files, and another period when chosen', async () => {
    const api = fakeApi('manager');
    openScreen('en');
    expect(await screen.findByRole('heading', { name: en.searchesTitle })).toBeTruthy();
    const [from, to] = [shopDay(29), shopDay(0)];
    expect(api.reportCalls()).toEqual([`/api/staff/searches/?from=${from}&to=${to}`]);
    expect((await screen.findByTestId('figure-searchesCount')).textContent).toContain('1,234');

    const top = screen.getAllByTestId('search-top');
    expect(top.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Oud', 'عود']);
    // Each text reads in its own direction, whatever the screen's.
    expect(within(top[1]!).getByText('عود').closest('bdi')?.getAttribute('dir')).toBe('auto');
    expect(within(screen.getByTestId('search-no-results')).getByText('zanzibarine')).toBeTruthy();
    expect(screen.getByText(en.searchesNone)).toBeTruthy();
    const csv = screen.getByRole('link', { name: `Download “${en.searchesNoResultsTitle}” as CSV` });
    expect(csv.getAttribute('href')).toBe(`/api/staff/searches/no-results.csv?from=${from}&to=${to}`);

    const period = screen.getByRole('form', { name: en.searchesPeriod });
    const fromField = within(period).getByLabelText(en.dateFrom);
    await userEvent.clear(fromField);
    await userEvent.type(fromField, '2026-11-01');
    await userEvent.click(within(period).getByRole('button', { name: en.searchesShow }));
    expect(await screen.findByRole('link', { name: `Download “${en.searchesTopTitle}” as CSV` })).toBeTruthy();
    await vi.waitFor(() => expect(api.reportCalls().at(-1)).toBe(`/api/staff/searches/?from=2026-11-01&to=${to}`));
  });

  it('reads right to left in Arabic with Arabic figures', async () => {
    fakeApi('owner');
    openScreen('ar');
    expect(await screen.findByRole('heading', { name: ar.searchesTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect((await screen.findByTestId('figure-searchesCount')).textContent).toContain('١٬٢٣٤');
    expect(screen.getByRole('heading', { name: ar.searchesNoClickTitle })).toBeTruthy();
    expect(screen.getByText(ar.searchesNone)).toBeTruthy();
  });

  it('refuses a period that ends before it begins without asking the API', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/searches?from=2026-11-20&to=2026-11-10');
    expect(await screen.findByText(en.searchesPeriodInvalid)).toBeTruthy();
    expect(api.reportCalls()).toEqual([]);
  });

  it('is neither linked nor loaded for a role that may not read reports', async () => {
    const api = fakeApi('support');
    openScreen('en');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navSearches })).toBeNull();
    expect(api.reportCalls()).toEqual([]);
  });
});
