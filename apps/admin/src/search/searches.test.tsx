import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SearchReport, StaffRole } from '@attar/contract';
import { shopDay } from '@attar/contract/rules';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

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

/** The API as the screen sees it: the report of whatever period is asked, and the calls it received. */
function fakeApi(role: StaffRole) {
  const calls = standInApi(role, ({ url }) =>
    url.pathname === '/api/staff/searches/' ? json(200, report(url.searchParams.get('from')!, url.searchParams.get('to')!)) : undefined,
  );
  return { reportCalls: () => calls.filter((call) => call.path.startsWith('/api/staff/searches/')).map((call) => call.path) };
}

isolateScreenTests();

describe('the Searches report', () => {
  it('shows the last 30 Cairo days, its lists with their CSV files, and another period when chosen', async () => {
    const api = fakeApi('manager');
    openScreen('en', '/admin/searches');
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
    openScreen('ar', '/admin/searches');
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
    openScreen('en', '/admin/searches');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navSearches })).toBeNull();
    expect(api.reportCalls()).toEqual([]);
  });
});
