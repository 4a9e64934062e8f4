import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogueImport, CatalogueImportSummary, StaffRole } from '@attar/contract';
import { formatMoney, formatNumber } from '../lib/format';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, itIsNotShownTo, LANGUAGES, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/products/imports/';

const started: CatalogueImport = {
  id: 3,
  file_name: 'catalogue.csv',
  status: 'validating',
  staff_name: 'Mona Manager',
  rows_total: 120,
  rows_done: 0,
  created: 0,
  updated: 0,
  refused: 0,
  errors: [],
  changes: [],
  new_products: [],
  created_at: '2026-11-28T10:00:00Z',
  finished_at: null,
  applied_at: null,
  undone_at: null,
};

/** A check that ended in a preview: one size's price and stock, one new product, one line left out. */
const preview: Partial<CatalogueImport> = {
  status: 'previewed',
  rows_done: 120,
  updated: 1,
  created: 1,
  refused: 1,
  finished_at: '2026-11-28T10:00:05Z',
  changes: [
    {
      product_id: 7,
      name_en: 'Oud Royal',
      name_ar: 'عود ملكي',
      sku: 'AT-OUD-30',
      ml: 30,
      fields: [
        { field: 'price', old: 650, new: 700 },
        { field: 'stock', old: 4, new: 12 },
      ],
    },
  ],
  new_products: [
    { slug: 'amber-night', name_en: 'Amber Night', name_ar: 'ليل العنبر', sizes: [{ sku: 'AT-AMB-50', ml: 50, price: 900, stock: 6 }] },
  ],
  errors: [{ line: 4, column: 'price', message: 'A price in pounds, at most two decimals.' }],
};

/** An import as the record lists it. */
const summary = (state: CatalogueImport): CatalogueImportSummary => {
  const { errors: _errors, changes: _changes, new_products: _products, ...rest } = state;
  return rest;
};

/**
 * The API as the screen sees it: a file sent starts import 3, whose check is answered by `progress` in turn (the last
 * one again and again); apply, discard and undo move it on, unless `refusals` has an answer for that action; the
 * record lists import 3 once sent, after `earlier`. Returns the calls it received.
 */
function fakeApi(
  role: StaffRole,
  progress: Partial<CatalogueImport>[],
  options: { start?: Response; refusals?: Partial<Record<string, Response>>; earlier?: CatalogueImportSummary[] } = {},
) {
  let current: CatalogueImport | null = null;
  const moved: Record<string, Partial<CatalogueImport>> = {
    apply: { status: 'applied', applied_at: '2026-11-28T10:01:00Z' },
    discard: { status: 'discarded' },
    undo: { status: 'undone', undone_at: '2026-11-28T10:02:00Z' },
  };
  const calls = standInApi(role, ({ method, url }) => {
    if (method === 'POST' && url.pathname === PATH) {
      if (options.start) return options.start;
      current = started;
      return json(202, started);
    }
    if (method === 'GET' && url.pathname === PATH) return json(200, [...(current ? [summary(current)] : []), ...(options.earlier ?? [])]);
    if (method === 'GET' && url.pathname === `${PATH}3/` && current) {
      const asked = calls.filter((call) => call.url.pathname === url.pathname).length;
      if (current.status === 'validating') current = { ...started, ...progress[Math.min(asked, progress.length) - 1] };
      return json(200, current);
    }
    const action = /^\/api\/staff\/products\/imports\/(\d+)\/(apply|discard|undo)\/$/.exec(url.pathname);
    if (method === 'POST' && action) {
      const refusal = options.refusals?.[action[2]!];
      if (refusal) return refusal;
      const before =
        Number(action[1]) === 3 && current ? current : { ...started, ...options.earlier?.find((each) => each.id === Number(action[1])) };
      const after = { ...before, ...moved[action[2]!] } as CatalogueImport;
      if (after.id === 3) current = after;
      return json(200, after);
    }
  });
  return calls;
}

isolateScreenTests();

const csv = () => new File(['sku,price\nAT-OUD-30,700\n'], 'catalogue.csv', { type: 'text/csv' });

describe('the catalogue’s import and export', () => {
  it.each(LANGUAGES)(
    'previews a file after its check, changes nothing until applied, then applies it and undoes it ($locale)',
    async (language) => {
      const { locale, words, say } = language;
      const calls = fakeApi('manager', [{ rows_done: 60 }, preview]);
      openScreen(locale, '/admin/catalogue/import');
      expect(await screen.findByRole('heading', { level: 1, name: words.csvTitle })).toBeTruthy();
      expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const exported = screen.getByRole('link', { name: words.csvExportLink });
      expect(exported.getAttribute('href')).toBe('/api/staff/products/export.csv');
      expect(exported.hasAttribute('download')).toBe(true);
      expect(await screen.findByText(words.csvNoImports)).toBeTruthy();

      const file = csv();
      await userEvent.upload(screen.getByLabelText(words.csvChoose), file);
      expect(await screen.findByText(say('csvChecking', { done: 60, total: 120 }))).toBeTruthy();
      expect((screen.getByRole('progressbar', { name: words.csvProgress }) as HTMLProgressElement).value).toBe(60);

      const counts = {
        updated: say('csvWouldUpdate', { count: 1 }),
        created: say('csvWouldCreate', { count: 1 }),
        refused: say('csvRefused', { count: 1 }),
      };
      expect(await screen.findByText(say('csvPreviewed', counts))).toBeTruthy();
      const money = (pounds: number) => formatMoney(locale, pounds);
      const number = (value: number) => formatNumber(locale, value);
      const name = locale === 'ar' ? 'عود ملكي' : 'Oud Royal';
      const size = say('sizeMl', { ml: 30 });
      expect(screen.getAllByTestId('import-change').map(cellsOf)).toEqual([
        [name, 'AT-OUD-30', size, words.csvField_price, money(650), money(700)],
        [name, 'AT-OUD-30', size, words.csvField_stock, number(4), number(12)],
      ]);
      expect(screen.getAllByTestId('import-new-size').map(cellsOf)).toEqual([
        [locale === 'ar' ? 'ليل العنبر' : 'Amber Night', 'AT-AMB-50', say('sizeMl', { ml: 50 }), money(900), number(6)],
      ]);
      const refused = screen.getByRole('region', { name: words.csvRefusedTitle });
      expect(within(refused).getAllByTestId('import-problem').map(cellsOf)).toEqual([
        [locale === 'ar' ? '٤' : '4', 'price', 'A price in pounds, at most two decimals.'],
      ]);
      expect(writesOf(calls)).toHaveLength(1);

      await userEvent.click(screen.getByRole('button', { name: say('csvApply', { count: 2 }) }));
      const created = say('csvCreated', { count: 1 });
      const updated = say('csvUpdated', { count: 1 });
      expect(await screen.findByText(say('csvApplied', { created, updated }))).toBeTruthy();
      const record = await screen.findByTestId('import-record');
      expect(within(record).getByText(words.csvStatus_applied)).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: words.csvUndo }));
      expect(await screen.findByText(words.csvUndone)).toBeTruthy();
      expect(await within(await screen.findByTestId('import-record')).findByText(words.csvStatus_undone)).toBeTruthy();
      expect(writesOf(calls)).toEqual([
        expect.objectContaining({
          path: `${PATH}?file_name=catalogue.csv`,
          body: file,
          headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
        }),
        expect.objectContaining({ path: `${PATH}3/apply/`, headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }) }),
        expect.objectContaining({ path: `${PATH}3/undo/`, headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }) }),
      ]);
    },
  );

  it('discards a preview: nothing is applied (en)', async () => {
    const { words } = EN;
    const calls = fakeApi('owner', [preview]);
    openScreen('en', '/admin/catalogue/import');
    await userEvent.upload(await screen.findByLabelText(words.csvChoose), csv());
    await userEvent.click(await screen.findByRole('button', { name: words.csvDiscard }));
    expect(await screen.findByText(words.csvDiscarded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Apply/ })).toBeNull();
    expect(writesOf(calls).map((call) => call.path)).toEqual([`${PATH}?file_name=catalogue.csv`, `${PATH}3/discard/`]);
  });

  it('says why an apply was refused when the catalogue changed since the preview, and keeps the preview (ar)', async () => {
    const { words, say } = AR;
    const detail = 'تغيّر الكتالوج منذ معاينة هذا الملف: لم يُحفظ شيء. أرسل الملف مرة أخرى لمعاينته.';
    fakeApi('manager', [preview], { refusals: { apply: json(409, { detail, code: 'import_changed' }) } });
    openScreen('ar', '/admin/catalogue/import');
    await userEvent.upload(await screen.findByLabelText(words.csvChoose), csv());
    await userEvent.click(await screen.findByRole('button', { name: say('csvApply', { count: 2 }) }));
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(screen.getAllByTestId('import-change')).toHaveLength(2);
  });

  it('shows the first changes of a long file and how many there are in all (en)', async () => {
    const { words, say } = EN;
    fakeApi('manager', [{ ...preview, updated: 340, created: 0, new_products: [], refused: 0, errors: [] }]);
    openScreen('en', '/admin/catalogue/import');
    await userEvent.upload(await screen.findByLabelText(words.csvChoose), csv());
    expect(await screen.findByText(say('csvShowingFirst', { shown: '1', count: 340 }))).toBeTruthy();
    expect(screen.getByRole('button', { name: say('csvApply', { count: 340 }) })).toBeTruthy();
  });

  it('undoes an earlier import from the record, and says why when it cannot (en)', async () => {
    const { words, say } = EN;
    const earlier: CatalogueImportSummary = { ...summary(started), id: 2, file_name: 'prices.csv', status: 'applied', updated: 4 };
    const detail = 'Some of these products changed since the import was applied: it can no longer be undone.';
    const calls = fakeApi('owner', [], { earlier: [earlier], refusals: { undo: json(409, { detail, code: 'import_changed' }) } });
    openScreen('en', '/admin/catalogue/import');
    const row = await screen.findByTestId('import-record');
    expect(cellsOf(row).slice(1)).toEqual(['prices.csv', 'Mona Manager', words.csvStatus_applied, '4', '0', '0', words.csvUndo]);
    await userEvent.click(within(row).getByRole('button', { name: say('csvUndoFile', { file: 'prices.csv' }) }));
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(writesOf(calls).map((call) => call.path)).toEqual([`${PATH}2/undo/`]);
  });

  it('lists every problem of a file refused whole by line and column, with nothing to apply (ar)', async () => {
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
    expect(screen.queryByRole('button', { name: words.csvDiscard })).toBeNull();
  });

  it('says why a file was refused before its check began', async () => {
    const { words } = EN;
    const calls = fakeApi('manager', [], { start: json(413, { detail: 'The file is larger than 20 MB.', code: 'too_large' }) });
    openScreen('en', '/admin/catalogue/import');
    await userEvent.upload(await screen.findByLabelText(words.csvChoose), csv());
    expect((await screen.findByRole('alert')).textContent).toBe('The file is larger than 20 MB.');
    expect(calls.filter((call) => call.method === 'GET' && call.path.startsWith(`${PATH}3`))).toEqual([]);
  });

  itIsNotShownTo(['fulfilment', 'support'], '/admin/catalogue/import', (role) => fakeApi(role, []), [PATH]);
});
