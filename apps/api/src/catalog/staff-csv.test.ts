import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, CatalogueImport, Product, StaffProduct, type StaffRole } from '@attar/contract';
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

/** Sends a file and waits for its import to end (checked, then applied or refused). */
async function imported(staff: StaffCaller, csv: string, lang = 'en') {
  const response = await send(staff, csv, lang);
  expect(response.statusCode, response.body).toBe(202);
  let state = CatalogueImport.parse(response.json());
  const until = Date.now() + 60_000;
  while (['validating', 'applying'].includes(state.status) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = CatalogueImport.parse((await staff.get(`/api/staff/products/imports/${state.id}/`)).json());
  }
  return state;
}

const counts = async () =>
  (
    await t.db.database.rows<{ products: number; sizes: number; movements: number; prices: string }>(sql`
      SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM product_variants) AS sizes,
        (SELECT count(*)::int FROM stock_movements) AS movements,
        (SELECT string_agg(price_piastres || ':' || stock, ',' ORDER BY id) FROM product_variants) AS prices`)
  )[0]!;

async function skuOf(productId: number) {
  const [row] = await t.db.database.rows<{ sku: string; slug: string }>(sql`
    SELECT v.sku, p.slug FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.id = ${productId}`);
  return row!;
}

describe('the catalogue as CSV', () => {
  it('is for owners and managers', async () => {
    expect((await t.app.inject('/api/staff/products/export.csv')).statusCode).toBe(401);
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get('/api/staff/products/export.csv')).statusCode).toBe(403);
      expect((await send(staff, 'sku,price\nX,1\n')).statusCode).toBe(403);
    }
  });

  it('exports every size, and takes the same file back changing nothing', async () => {
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
    const back = await imported(owner, exported.body);
    expect(back).toMatchObject({ status: 'applied', created: 0, updated: 0, rows_total: before.sizes, errors: [] });
    expect(await counts()).toEqual(before);
  });

  it('updates price and stock by SKU: the storefront shows the price, the ledger records the stock as a correction', async () => {
    const manager = await signedInStaff(t, 'manager');
    const first = await f.productWithStock(5, 100_000);
    const second = await f.productWithStock(9, 50_000);
    const [a, b] = [await skuOf(first), await skuOf(second)];
    const version = StaffProduct.parse((await manager.get(`/api/staff/products/${first}/`)).json()).version;

    // Lower-case SKUs match; a blank cell keeps what the size had.
    const result = await imported(manager, `sku,price,stock\r\n${a.sku.toLowerCase()},1234.50,12\r\n${b.sku},,4\r\n`);
    expect(result).toMatchObject({ status: 'applied', created: 0, updated: 2, rows_total: 2, rows_done: 2 });
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
    const [audit] = await t.db.database.rows<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE staff_id = ${manager.id} ORDER BY id DESC LIMIT 1`);
    expect(audit!.action).toBe('products.import');
  });

  it('creates new products from new SKUs, grouped by slug, as drafts', async () => {
    const manager = await signedInStaff(t, 'manager');
    const stamp = Date.now().toString(36);
    const csv = [
      HEADER,
      `imported-musk-${stamp},perfume,eau-de-parfum,woody,unisex,Imported Musk,مسك مستورد,"Soft, clean musk.",مسك ناعم,50,IMP-${stamp}-50,800,6,no`,
      `imported-musk-${stamp},,,,,,,,,100,IMP-${stamp}-100,1400,2,yes`,
    ].join('\n');
    const result = await imported(manager, csv);
    expect(result, JSON.stringify(result.errors)).toMatchObject({ status: 'applied', created: 1, updated: 0 });
    const [created] = await t.db.database.rows<{ id: number }>(sql`SELECT id FROM products WHERE slug = ${`imported-musk-${stamp}`}`);
    const product = StaffProduct.parse((await manager.get(`/api/staff/products/${created!.id}/`)).json());
    expect(product).toMatchObject({ state: 'draft', name_ar: 'مسك مستورد', description_en: 'Soft, clean musk.' });
    expect(product.sizes.map((size) => [size.ml, size.price, size.stock, size.is_default])).toEqual([
      [50, 800, 6, false],
      [100, 1400, 2, true],
    ]);
  });

  it('refuses a file with problems, naming each line and column in the caller’s language, and saves none of it', async () => {
    const owner = await signedInStaff(t, 'owner');
    const productId = await f.productWithStock(3);
    const { sku } = await skuOf(productId);
    const before = await counts();
    const csv = [
      `${HEADER},colour`,
      `${sku},,,,,,,,,,${sku},-3,x,`,
      `new-one,perfume,no-such-category,,unisex,New,جديد,d,د,50,NEW-ONE-50,100,1,yes`,
      `${sku.toLowerCase()},,,,,,,,,,${sku.toLowerCase()},10,1,`,
    ].join('\n');
    const unknownColumn = await imported(owner, csv, 'ar');
    expect(unknownColumn).toMatchObject({ status: 'invalid', errors: [{ line: 1, column: 'colour', message: 'عمود غير معروف.' }] });

    const refused = await imported(owner, csv.replace(',colour', ''));
    expect(refused.status).toBe('invalid');
    expect(refused.errors).toEqual([
      { line: 2, column: 'price', message: 'A price in pounds, at most two decimals.' },
      { line: 2, column: 'stock', message: 'A whole number of units, 0 or more.' },
      { line: 3, column: 'category', message: 'Not in the catalogue’s list: use its slug.' },
      { line: 4, column: 'sku', message: 'This SKU is also on line 2.' },
    ]);
    expect(await imported(owner, 'sku,price\n"unclosed,1\n')).toMatchObject({
      status: 'invalid',
      errors: [{ line: 0, column: null, message: 'This file cannot be read as CSV: a quoted cell is never closed.' }],
    });
    expect((await imported(owner, 'price,stock\n1,2\n')).errors).toEqual([
      { line: 1, column: null, message: 'The file needs a sku column.' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('checks a 10,000-line file whole: one bad line among them, and none is saved', async () => {
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
    const result = await imported(owner, lines.join('\n'));
    expect(result).toMatchObject({ status: 'invalid', rows_total: 10_000, rows_done: 10_000, created: 0 });
    expect(result.errors).toEqual([{ line: 2 + 3888 * 2, column: 'category', message: 'Not in the catalogue’s list: use its slug.' }]);
    expect(await counts()).toEqual(before);
  }, 120_000);
});
