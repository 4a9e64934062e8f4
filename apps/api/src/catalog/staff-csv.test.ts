import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CATALOGUE_CSV_COLUMNS,
  CatalogueImport,
  CatalogueImportSummary,
  ErrorBody,
  IMPORT_PREVIEW_LIMIT,
  Product,
  StaffProduct,
  type StaffRole,
} from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);

const HEADER = 'slug,type,category,family,gender,name_en,name_ar,description_en,description_ar,size_ml,sku,price,stock,is_default';

async function send(staff: StaffCaller, csv: string, lang = 'en') {
  return staff.call('POST', '/api/staff/products/imports/?file_name=prices.csv', csv, {
    'content-type': 'text/csv',
    'accept-language': lang,
  });
}

/** Sends a file and waits for its check to end (previewed, or refused whole). */
async function previewed(staff: StaffCaller, csv: string, lang = 'en') {
  const response = await send(staff, csv, lang);
  expect(response.statusCode, response.body).toBe(202);
  let state = CatalogueImport.parse(response.json());
  const until = Date.now() + 60_000;
  while (state.status === 'validating' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = CatalogueImport.parse((await staff.get(`/api/staff/products/imports/${state.id}/`)).json());
  }
  return state;
}

const act = (staff: StaffCaller, id: number, action: 'apply' | 'discard' | 'undo', lang = 'en') =>
  staff.call('POST', `/api/staff/products/imports/${id}/${action}/`, undefined, { 'accept-language': lang });

/** Applies a previewed import, expecting it to succeed. */
async function applied(staff: StaffCaller, id: number) {
  const response = await act(staff, id, 'apply');
  expect(response.statusCode, response.body).toBe(200);
  return CatalogueImport.parse(response.json());
}

const counts = async () =>
  (
    await t.db.database.rows<{ products: number; sizes: number; movements: number; prices: string; versions: string; audits: number }>(sql`
      SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM product_variants) AS sizes,
        (SELECT count(*)::int FROM stock_movements) AS movements,
        (SELECT string_agg(price_piastres || ':' || stock, ',' ORDER BY id) FROM product_variants) AS prices,
        (SELECT string_agg(id || ':' || version, ',' ORDER BY id) FROM products) AS versions,
        (SELECT count(*)::int FROM audit_log) AS audits`)
  )[0]!;

const statusOf = async (id: number) =>
  (await t.db.database.rows<{ status: string }>(sql`SELECT status FROM catalogue_imports WHERE id = ${id}`))[0]!.status;

async function skuOf(productId: number) {
  const [row] = await t.db.database.rows<{ sku: string; slug: string }>(sql`
    SELECT v.sku, p.slug FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.id = ${productId}`);
  return row!;
}

describe('the catalogue as CSV', () => {
  it('is for owners and managers: other roles can neither preview, apply, discard nor undo, and change nothing', async () => {
    expect((await t.app.inject('/api/staff/products/export.csv')).statusCode).toBe(401);
    const manager = await signedInStaff(t, 'manager');
    const productId = await f.productWithStock(5);
    const { sku } = await skuOf(productId);
    const toApply = await previewed(manager, `sku,price\n${sku},777\n`);
    const toUndo = await previewed(manager, `sku,stock\n${sku},9\n`);
    await applied(manager, toUndo.id);
    const before = await counts();
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get('/api/staff/products/export.csv')).statusCode).toBe(403);
      expect((await send(staff, 'sku,price\nX,1\n')).statusCode).toBe(403);
      expect((await staff.get('/api/staff/products/imports/')).statusCode).toBe(403);
      expect((await staff.get(`/api/staff/products/imports/${toApply.id}/`)).statusCode).toBe(403);
      for (const action of ['apply', 'discard'] as const) expect((await act(staff, toApply.id, action)).statusCode).toBe(403);
      expect((await act(staff, toUndo.id, 'undo')).statusCode).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect([await statusOf(toApply.id), await statusOf(toUndo.id)]).toEqual(['previewed', 'applied']);
  });

  it('exports every size, and previews the same file back as changing nothing', async () => {
    const owner = await signedInStaff(t, 'owner');
    const exported = await owner.get('/api/staff/products/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="attar-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = exported.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(CATALOGUE_CSV_COLUMNS.join(','));
    const before = await counts();
    expect(lines).toHaveLength(before.sizes);
    const back = await previewed(owner, exported.body);
    expect(back).toMatchObject({
      status: 'previewed',
      created: 0,
      updated: 0,
      refused: 0,
      rows_total: before.sizes,
      errors: [],
      changes: [],
    });
    expect(await counts()).toEqual(before);
  });

  it('previews price and stock changes old → new, changes nothing until applied, then applies them once', async () => {
    const manager = await signedInStaff(t, 'manager');
    const first = await f.productWithStock(5, 100_000);
    const second = await f.productWithStock(9, 50_000);
    const [a, b] = [await skuOf(first), await skuOf(second)];
    const version = StaffProduct.parse((await manager.get(`/api/staff/products/${first}/`)).json()).version;

    // Lower-case SKUs match; a blank cell keeps what the size had.
    const preview = await previewed(manager, `sku,price,stock\r\n${a.sku.toLowerCase()},1234.50,12\r\n${b.sku},,4\r\n`);
    expect(preview).toMatchObject({
      status: 'previewed',
      created: 0,
      updated: 2,
      refused: 0,
      rows_total: 2,
      rows_done: 2,
      staff_name: 'Test manager',
    });
    expect(preview.changes).toEqual([
      {
        product_id: first,
        name_en: 'Test Scent',
        name_ar: 'عطر تجريبي',
        sku: a.sku,
        ml: 100,
        fields: [
          { field: 'price', old: 1000, new: 1234.5 },
          { field: 'stock', old: 5, new: 12 },
        ],
      },
      {
        product_id: second,
        name_en: 'Test Scent',
        name_ar: 'عطر تجريبي',
        sku: b.sku,
        ml: 100,
        fields: [{ field: 'stock', old: 9, new: 4 }],
      },
    ]);
    expect(Product.parse((await t.app.inject(`/api/products/${a.slug}/`)).json())).toMatchObject({ price: 1000, stock: 5 });

    const result = await applied(manager, preview.id);
    expect(result).toMatchObject({ status: 'applied', updated: 2, applied_at: expect.any(String) });
    expect(Product.parse((await t.app.inject(`/api/products/${a.slug}/`)).json())).toMatchObject({ price: 1234.5, stock: 12 });
    expect(Product.parse((await t.app.inject(`/api/products/${b.slug}/`)).json())).toMatchObject({ price: 500, stock: 4 });
    const movements = await t.db.database.rows<{ product_id: number; change: number; reason: string; note: string; staff_id: number }>(sql`
      SELECT product_id, change, reason, note, staff_id FROM stock_movements
      WHERE product_id IN (${first}, ${second}) AND reason = 'correction' ORDER BY product_id`);
    expect(movements).toEqual([
      { product_id: first, change: 7, reason: 'correction', note: 'prices.csv', staff_id: manager.id },
      { product_id: second, change: -5, reason: 'correction', note: 'prices.csv', staff_id: manager.id },
    ]);
    // An editor open on the old version cannot save the old price back.
    expect(StaffProduct.parse((await manager.get(`/api/staff/products/${first}/`)).json()).version).toBe(version + 1);
    const [audit] = await t.db.database.rows<{ action: string; entity_id: string }>(sql`
      SELECT action, entity_id FROM audit_log WHERE staff_id = ${manager.id} ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual({ action: 'products.import', entity_id: String(preview.id) });

    // Once only: a second apply, or a discard now, is refused and changes nothing.
    const after = await counts();
    const again = await act(manager, preview.id, 'apply', 'ar');
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json())).toEqual({
      code: 'import_state',
      detail: 'هذا الاستيراد لم يعد بانتظار التطبيق: طُبّق أو أُلغي من قبل.',
    });
    expect((await act(manager, preview.id, 'discard')).statusCode).toBe(409);
    expect(await counts()).toEqual(after);

    // The record lists it, newest first.
    const record = z.array(CatalogueImportSummary).parse((await manager.get('/api/staff/products/imports/')).json());
    expect(record[0]).toMatchObject({ id: preview.id, file_name: 'prices.csv', status: 'applied', updated: 2, staff_name: 'Test manager' });
  });

  it('applies an import once when two applies race', async () => {
    const [owner, manager] = [await signedInStaff(t, 'owner'), await signedInStaff(t, 'manager')];
    const productId = await f.productWithStock(5);
    const { sku } = await skuOf(productId);
    const preview = await previewed(owner, `sku,stock\n${sku},8\n`);
    const answers = await Promise.all([act(owner, preview.id, 'apply'), act(manager, preview.id, 'apply')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const movements = await t.db.database.rows<{ change: number }>(sql`
      SELECT change FROM stock_movements WHERE product_id = ${productId} AND reason = 'correction'`);
    expect(movements).toEqual([{ change: 3 }]);
    const audits = await t.db.database.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'products.import' AND entity_id = ${String(preview.id)}`);
    expect(audits).toEqual([{ n: 1 }]);
  });

  it('refuses to apply once a product changed since the preview: an edit, or a sale of a size', async () => {
    const manager = await signedInStaff(t, 'manager');
    const edited = await f.productWithStock(5);
    const sold = await f.productWithStock(5);
    const [a, b] = [await skuOf(edited), await skuOf(sold)];
    const first = await previewed(manager, `sku,price\n${a.sku},900\n`);
    await t.db.database.rows(sql`UPDATE products SET version = version + 1 WHERE id = ${edited}`);
    const second = await previewed(manager, `sku,price\n${b.sku},900\n`);
    // A sale takes stock without an editor's save.
    await t.db.database.rows(sql`UPDATE product_variants SET stock = stock - 1 WHERE product_id = ${sold}`);
    const before = await counts();
    for (const { id } of [first, second]) {
      const refused = await act(manager, id, 'apply');
      expect(refused.statusCode).toBe(409);
      expect(ErrorBody.parse(refused.json())).toEqual({
        code: 'import_changed',
        detail: 'The catalogue changed since this file was previewed: nothing was saved. Send the file again to preview it.',
      });
      expect(await statusOf(id)).toBe('previewed');
    }
    expect(await counts()).toEqual(before);
  });

  it('undoes an applied import as one step: old prices and stock back through the ledger, created products removed', async () => {
    const manager = await signedInStaff(t, 'manager');
    const productId = await f.productWithStock(5, 100_000);
    const { sku, slug } = await skuOf(productId);
    const stamp = Date.now().toString(36);
    const csv = [
      HEADER,
      `,,,,,,,,,,${sku},1500,2,`,
      `undo-me-${stamp},perfume,eau-de-parfum,,unisex,Undo Me,تراجع,d,د,50,UNDO-${stamp},800,6,yes`,
    ].join('\n');
    const before = await counts();
    const done = await applied(manager, (await previewed(manager, csv)).id);
    expect(done).toMatchObject({ status: 'applied', updated: 1, created: 1 });
    expect(done.new_products).toEqual([
      { slug: `undo-me-${stamp}`, name_en: 'Undo Me', name_ar: 'تراجع', sizes: [{ sku: `UNDO-${stamp}`, ml: 50, price: 800, stock: 6 }] },
    ]);

    const owner = await signedInStaff(t, 'owner');
    const undone = await act(owner, done.id, 'undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(CatalogueImport.parse(undone.json())).toMatchObject({ status: 'undone', undone_at: expect.any(String) });
    expect(Product.parse((await t.app.inject(`/api/products/${slug}/`)).json())).toMatchObject({ price: 1000, stock: 5 });
    const [gone] = await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE slug = ${`undo-me-${stamp}`}`);
    expect(gone!.n).toBe(0);
    const after = await counts();
    expect({ products: after.products, sizes: after.sizes, prices: after.prices }).toEqual({
      products: before.products,
      sizes: before.sizes,
      prices: before.prices,
    });
    const movements = await t.db.database.rows<{ change: number; staff_id: number }>(sql`
      SELECT change, staff_id FROM stock_movements WHERE product_id = ${productId} AND reason = 'correction' ORDER BY id`);
    expect(movements).toEqual([
      { change: -3, staff_id: manager.id },
      { change: 3, staff_id: owner.id },
    ]);
    const [audit] = await t.db.database.rows<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE staff_id = ${owner.id} ORDER BY id DESC LIMIT 1`);
    expect(audit!.action).toBe('products.import_undo');

    const twice = await act(owner, done.id, 'undo');
    expect(twice.statusCode).toBe(409);
    expect(ErrorBody.parse(twice.json()).code).toBe('import_state');
    expect(await counts()).toEqual(after);
  });

  it('refuses an undo once a product changed since, or a product it created has stock moved, and changes nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const productId = await f.productWithStock(5);
    const { sku } = await skuOf(productId);
    const changed = await applied(manager, (await previewed(manager, `sku,price\n${sku},999\n`)).id);
    // A sale after the import: the size no longer has what the import left.
    await t.db.database.rows(sql`UPDATE product_variants SET stock = stock - 1 WHERE product_id = ${productId}`);
    const stamp = Date.now().toString(36);
    const created = await applied(
      manager,
      (
        await previewed(
          manager,
          `${HEADER}\nmoved-${stamp},perfume,eau-de-parfum,,unisex,Moved,منقول,d,د,50,MOVED-${stamp},800,6,yes`,
          'ar',
        )
      ).id,
    );
    await t.db.database.rows(sql`UPDATE product_variants SET stock = 4 WHERE sku = ${`MOVED-${stamp}`}`);
    const before = await counts();
    const first = await act(manager, changed.id, 'undo');
    expect(first.statusCode).toBe(409);
    expect(ErrorBody.parse(first.json()).detail).toBe(
      'Some of these products changed since the import was applied: it can no longer be undone.',
    );
    const second = await act(manager, created.id, 'undo', 'ar');
    expect(second.statusCode).toBe(409);
    expect(ErrorBody.parse(second.json()).detail).toBe(
      'تغيّر مخزون «منقول» الذي أنشأه هذا الاستيراد منذ ذلك الحين: لا يمكن التراجع عن الاستيراد.',
    );
    expect(await counts()).toEqual(before);
    expect([await statusOf(changed.id), await statusOf(created.id)]).toEqual(['applied', 'applied']);
  });

  it('discards a preview for good; an unknown import or one in the wrong state is a 4xx in the contract’s shape', async () => {
    const owner = await signedInStaff(t, 'owner');
    const productId = await f.productWithStock(5);
    const { sku } = await skuOf(productId);
    const preview = await previewed(owner, `sku,price\n${sku},321\n`);
    const before = await counts();
    const undoPreview = await act(owner, preview.id, 'undo');
    expect(undoPreview.statusCode).toBe(409);
    expect(ErrorBody.parse(undoPreview.json())).toEqual({
      code: 'import_state',
      detail: 'Only an applied import can be undone, and only once.',
    });
    const discarded = await act(owner, preview.id, 'discard');
    expect(discarded.statusCode).toBe(200);
    expect(CatalogueImport.parse(discarded.json()).status).toBe('discarded');
    expect((await act(owner, preview.id, 'apply')).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    for (const action of ['apply', 'discard', 'undo'] as const) {
      const unknown = await act(owner, 999_999, action, 'ar');
      expect(unknown.statusCode).toBe(404);
      expect(ErrorBody.parse(unknown.json())).toEqual({ code: 'not_found', detail: 'لا يوجد استيراد بهذا الرقم.' });
      expect((await act(owner, 0, action)).statusCode).toBe(400);
    }
  });

  it('creates new products from new SKUs, grouped by slug, as drafts', async () => {
    const manager = await signedInStaff(t, 'manager');
    const stamp = Date.now().toString(36);
    const csv = [
      HEADER,
      `imported-musk-${stamp},perfume,eau-de-parfum,woody,unisex,Imported Musk,مسك مستورد,"Soft, clean musk.",مسك ناعم,50,IMP-${stamp}-50,800,6,no`,
      `imported-musk-${stamp},,,,,,,,,100,IMP-${stamp}-100,1400,2,yes`,
    ].join('\n');
    const preview = await previewed(manager, csv);
    expect(preview, JSON.stringify(preview.errors)).toMatchObject({ status: 'previewed', created: 1, updated: 0 });
    const result = await applied(manager, preview.id);
    expect(result).toMatchObject({ status: 'applied', created: 1, updated: 0 });
    const [created] = await t.db.database.rows<{ id: number }>(sql`SELECT id FROM products WHERE slug = ${`imported-musk-${stamp}`}`);
    const product = StaffProduct.parse((await manager.get(`/api/staff/products/${created!.id}/`)).json());
    expect(product).toMatchObject({ state: 'draft', name_ar: 'مسك مستورد', description_en: 'Soft, clean musk.' });
    expect(product.sizes.map((size) => [size.ml, size.price, size.stock, size.is_default])).toEqual([
      [50, 800, 6, false],
      [100, 1400, 2, true],
    ]);
  });

  it('refuses lines with problems, naming each line and column in the caller’s language, and previews the rest', async () => {
    const owner = await signedInStaff(t, 'owner');
    const productId = await f.productWithStock(3);
    const other = await f.productWithStock(3);
    const { sku } = await skuOf(productId);
    const fine = await skuOf(other);
    const before = await counts();
    const csv = [
      `${HEADER},colour`,
      `${sku},,,,,,,,,,${sku},-3,x,`,
      `new-one,perfume,no-such-category,,unisex,New,جديد,d,د,50,NEW-ONE-50,100,1,yes`,
      `${sku.toLowerCase()},,,,,,,,,,${sku.toLowerCase()},10,1,`,
      `,,,,,,,,,,${fine.sku},55,,`,
    ].join('\n');
    const unknownColumn = await previewed(owner, csv, 'ar');
    expect(unknownColumn).toMatchObject({ status: 'invalid', errors: [{ line: 1, column: 'colour', message: 'عمود غير معروف.' }] });

    const refused = await previewed(owner, csv.replace(',colour', ''));
    expect(refused).toMatchObject({ status: 'previewed', updated: 1, created: 0, refused: 3 });
    expect(refused.changes.map((change) => [change.sku, change.fields])).toEqual([[fine.sku, [{ field: 'price', old: 1000, new: 55 }]]]);
    expect(refused.errors).toEqual([
      { line: 2, column: 'price', message: 'A price in pounds, at most two decimals.' },
      { line: 2, column: 'stock', message: 'A whole number of units, 0 or more.' },
      { line: 3, column: 'category', message: 'Not in the catalogue’s list: use its slug.' },
      { line: 4, column: 'sku', message: 'This SKU is also on line 2.' },
    ]);
    expect(await previewed(owner, 'sku,price\n"unclosed,1\n')).toMatchObject({
      status: 'invalid',
      errors: [{ line: 0, column: null, message: 'This file cannot be read as CSV: a quoted cell is never closed.' }],
    });
    expect((await previewed(owner, 'price,stock\n1,2\n')).errors).toEqual([
      { line: 1, column: null, message: 'The file needs a sku column.' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('checks a 10,000-line file whole: a bad line refuses its product, the rest is previewed, none is saved', async () => {
    const owner = await signedInStaff(t, 'owner');
    const before = await counts();
    const stamp = Date.now().toString(36);
    const lines = [HEADER];
    for (let n = 0; n < 5000; n++) {
      const slug = `bulk-${stamp}-${n}`;
      const category = n === 3888 ? 'nowhere' : 'eau-de-toilette';
      lines.push(`${slug},perfume,${category},,women,Bulk ${n},كمية ${n},d,د,50,B${stamp}-${n}-50,${100 + n},5,yes`);
      lines.push(`${slug},,,,,,,,,100,B${stamp}-${n}-100,${200 + n},5,no`);
    }
    const result = await previewed(owner, lines.join('\n'));
    expect(result).toMatchObject({ status: 'previewed', rows_total: 10_000, rows_done: 10_000, created: 4999, refused: 2 });
    expect(result.new_products).toHaveLength(IMPORT_PREVIEW_LIMIT);
    expect(result.errors).toEqual([{ line: 2 + 3888 * 2, column: 'category', message: 'Not in the catalogue’s list: use its slug.' }]);
    expect(await counts()).toEqual(before);
  }, 120_000);
});
