import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogueImport, StaffRole } from '@attar/contract';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, itIsNotShownTo, LANGUAGES, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/products/imports/';

const started: CatalogueImport = {
  id: 3,
  file_name: 'catalogue.csv',
  status: 'validating',
  rows_total: 120,
  rows_done: 0,
  created: 0,
  updated: 0,
  errors: [],
  created_at: '2026-11-28T10:00:00Z',
  finished_at: null,
};

/**
 * The API as the screen sees it: a file sent starts import 3, whose progress is answered by `progress` in turn (the
 * last one again and again), or the start refused by `refusal`; and the calls it received.
 */
function fakeApi(role: StaffRole, progress: Partial<CatalogueImport>[], refusal?: Response) {
  const calls = standInApi(role, ({ method, url }) => {
    if (method === 'POST' && url.pathname === PATH) return refusal ?? json(201, started);
    if (method === 'GET' && url.pathname === `${PATH}3/`) {
      const asked = calls.filter((call) => call.url.pathname === url.pathname).length;
      return json(200, { ...started, ...progress[Math.min(asked, progress.length) - 1] });
    }
  });
  return calls;
}

isolateScreenTests();

const csv = () => new File(['sku,price\nAT-OUD-30,700\n'], 'catalogue.csv', { type: 'text/csv' });

describe('the catalogue’s import and export', () => {
  it.each(LANGUAGES)('offers the catalogue as CSV, and imports a file, following its check to the end ($locale)', async (language) => {
    const { locale, words, say } = language;
    const calls = fakeApi('manager', [{ rows_done: 60 }, { status: 'applied', rows_done: 120, created: 2, updated: 118 }]);
    openScreen(locale, '/admin/catalogue/import');
    expect(await screen.findByRole('heading', { level: 1, name: words.csvTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    const exported = screen.getByRole('link', { name: words.csvExportLink });
    expect(exported.getAttribute('href')).toBe('/api/staff/products/export.csv');
    expect(exported.hasAttribute('download')).toBe(true);

    const file = csv();
    await userEvent.upload(screen.getByLabelText(words.csvChoose), file);
    expect(await screen.findByText(say('csvChecking', { done: 60, total: 120 }))).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: words.csvProgress }) as HTMLProgressElement).value).toBe(60);
    const created = say('csvCreated', { count: 2 });
    const updated = say('csvUpdated', { count: 118 });
    expect(await screen.findByText(say('csvApplied', { created, updated }))).toBeTruthy();
    expect(writesOf(calls)).toEqual([
      expect.objectContaining({
        path: `${PATH}?file_name=catalogue.csv`,
        body: file,
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
      }),
    ]);
  });

  it('lists every problem of a refused file by line and column, and saves nothing (ar)', async () => {
    const { words } = AR;
    fakeApi('owner', [
      {
        status: 'invalid',
        rows_done: 120,
        errors: [
          { line: 4, column: 'price', message: 'السعر ليس رقمًا.' },
          { line: 0, column: null, message: 'عمود sku غير موجود.' },
        ],
      },
    ]);
    openScreen('ar', '/admin/catalogue/import');
    await userEvent.upload(await screen.findByLabelText(words.csvChoose), csv());
    expect(await screen.findByText(words.csvInvalid)).toBeTruthy();
    const problems = screen.getAllByTestId('import-problem').map(cellsOf);
    expect(problems).toEqual([
      ['٤', 'price', 'السعر ليس رقمًا.'],
      ['—', '—', 'عمود sku غير موجود.'],
    ]);
    expect(within(screen.getAllByTestId('import-problem')[0]!).getByText('price').closest('bdi')?.getAttribute('dir')).toBe('ltr');
  });

  it('says why a file was refused before its check began', async () => {
    const { words } = EN;
    const calls = fakeApi('manager', [], json(413, { detail: 'The file is larger than 20 MB.', code: 'too_large' }));
    openScreen('en', '/admin/catalogue/import');
    await userEvent.upload(await screen.findByLabelText(words.csvChoose), csv());
    expect((await screen.findByRole('alert')).textContent).toBe('The file is larger than 20 MB.');
    expect(calls.filter((call) => call.method === 'GET' && call.path.startsWith(PATH))).toEqual([]);
  });

  itIsNotShownTo(['fulfilment', 'support'], '/admin/catalogue/import', (role) => fakeApi(role, []), [PATH]);
});
