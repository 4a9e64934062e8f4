/**
 * The catalogue as CSV (decision 0025): the export (one line per product size, the columns of
 * CATALOGUE_CSV_COLUMNS) and the import. An import is checked whole before anything is written, each problem named by
 * its line and column in the caller's language (the first 500 kept), its progress written to its row as it goes; then
 * applied in one transaction: a known SKU gets its price and stock (the stock ledger records each change as a
 * correction), new SKUs make new products (grouped by slug, saved as drafts like the editor's), or none of it.
 */
import { sql } from 'drizzle-orm';
import {
  CATALOGUE_CSV_COLUMNS,
  Gender,
  MAX_IMPORT_ROWS,
  ProductType,
  RESERVED_PRODUCT_SLUGS,
  Sku,
  StaffProductCreate,
  type CatalogueCsvColumn,
  type CatalogueImport,
  type ImportProblem,
  type Locale,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import { CSV_BOM, csvLine, parseCsv, type CsvRow } from '../http/csv';
import { text, type TextKey } from '../i18n/catalogue';
import { rowsOf, type Rows } from '../db/transaction';
import { declareStockChange } from '../stock/ledger';
import { refreshSearchIndex } from './search';
import { insertProduct } from './staff-service';
import { piastres, violation } from './staff-writes';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';

const KEPT_PROBLEMS = 500;
/** Progress is written every this many lines checked. */
const PROGRESS_EVERY = 1000;

// --- Export ------------------------------------------------------------------------------------------------------

/** Every product size, products by slug and sizes by millilitres, as the file an import takes back. */
export async function exportCatalogue(database: Database): Promise<string> {
  const rows = await database.rows<Record<CatalogueCsvColumn, string | number | null>>(sql`
    SELECT p.slug, p.type, c.slug AS category, f.slug AS family, p.gender, p.name_en, p.name_ar, p.description_en,
      p.description_ar, p.concentration_en, p.concentration_ar, CASE WHEN p.is_new THEN 'yes' ELSE 'no' END AS is_new,
      s.ml AS size_ml, v.sku, trim_scale(v.price_piastres / 100.0)::text AS price, v.stock,
      CASE WHEN v.is_default THEN 'yes' ELSE 'no' END AS is_default,
      CASE WHEN p.is_published THEN 'published' WHEN p.publish_at IS NOT NULL THEN 'scheduled' ELSE 'draft' END AS state
    FROM product_variants v JOIN products p ON p.id = v.product_id JOIN sizes s ON s.id = v.size_id
    JOIN categories c ON c.id = p.category_id LEFT JOIN families f ON f.id = p.family_id
    ORDER BY p.slug, s.ml`);
  return CSV_BOM + csvLine(CATALOGUE_CSV_COLUMNS) + rows.map((row) => csvLine(CATALOGUE_CSV_COLUMNS.map((column) => row[column]))).join('');
}

// --- Import: the check ---------------------------------------------------------------------------------------------

type Catalogue = {
  categories: Map<string, number>;
  families: Map<string, number>;
  sizes: Map<number, number>;
  /** Upper-case SKU → the size's id. */
  skus: Map<string, number>;
  slugs: Set<string>;
};

async function loadCatalogue(database: Database): Promise<Catalogue> {
  const row = oneRow(
    await database.rows<{
      categories: Record<string, number>;
      families: Record<string, number>;
      sizes: Record<string, number>;
      skus: Record<string, number>;
      slugs: string[];
    }>(sql`
    SELECT (SELECT coalesce(json_object_agg(slug, id), '{}') FROM categories) AS categories,
      (SELECT coalesce(json_object_agg(slug, id), '{}') FROM families) AS families,
      (SELECT coalesce(json_object_agg(ml, id), '{}') FROM sizes) AS sizes,
      (SELECT coalesce(json_object_agg(upper(sku), id), '{}') FROM product_variants) AS skus,
      (SELECT coalesce(array_agg(slug), '{}') FROM products) AS slugs`),
  );
  return {
    categories: new Map(Object.entries(row.categories)),
    families: new Map(Object.entries(row.families)),
    sizes: new Map(Object.entries(row.sizes).map(([ml, id]) => [Number(ml), id])),
    skus: new Map(Object.entries(row.skus)),
    slugs: new Set(row.slugs),
  };
}

/** A price or stock change of a size the shop has. */
type SizeUpdate = { id: number; price: number | null; stock: number | null };
/** A new product: its fields as the editor sends them, and the file's line for each of its sizes. */
type NewProduct = { input: StaffProductCreate; lines: number[] };
export type CheckedImport = { problems: ImportProblem[]; updates: SizeUpdate[]; creates: NewProduct[] };

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;
const FLAGS: Record<string, boolean> = { yes: true, no: false, true: true, false: false, '1': true, '0': false };

/**
 * Checks a whole file against the catalogue as it is now. `progress(done, total)` is told every PROGRESS_EVERY lines. Every
 * problem is found, not only the first: the shop fixes the file once.
 */
export async function checkImport(
  locale: Locale,
  fileText: string,
  catalogue: Catalogue,
  progress: (done: number, total: number) => Promise<void>,
): Promise<CheckedImport & { rows: number }> {
  const problems: ImportProblem[] = [];
  const problem = (line: number, column: string | null, key: TextKey, values: Record<string, string | number> = {}) =>
    problems.push({ line, column, message: text(locale, key, values) });
  const parsed = parseCsv(fileText);
  if (!parsed) return { problems: [{ line: 0, column: null, message: text(locale, 'importNotCsv') }], updates: [], creates: [], rows: 0 };
  const [header, ...lines] = parsed as [CsvRow | undefined, ...CsvRow[]];
  const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  for (const column of columns) {
    if (!(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(column)) problem(header!.line, column, 'importUnknownColumn');
  }
  if (!columns.includes('sku')) problem(header?.line ?? 1, null, 'importNoSku');
  if (lines.length === 0) problem(header?.line ?? 1, null, 'importEmpty');
  if (lines.length > MAX_IMPORT_ROWS) problem(header?.line ?? 1, null, 'importTooManyRows', { max: MAX_IMPORT_ROWS });
  if (problems.length > 0) return { problems, updates: [], creates: [], rows: lines.length };

  const cellOf = (row: CsvRow) => (column: CatalogueCsvColumn) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : (row.cells[index] ?? '').trim();
  };
  const updates: SizeUpdate[] = [];
  /** New products' lines by slug, in the file's order. */
  const groups = new Map<string, { line: number; cell: (column: CatalogueCsvColumn) => string }[]>();
  const skuLine = new Map<string, number>();

  for (const [index, row] of lines.entries()) {
    if (index % PROGRESS_EVERY === 0) await progress(index, lines.length);
    const cell = cellOf(row);
    const sku = cell('sku');
    if (!Sku.safeParse(sku).success) {
      problem(row.line, 'sku', 'importBadSku');
      continue;
    }
    const earlier = skuLine.get(sku.toUpperCase());
    if (earlier !== undefined) problem(row.line, 'sku', 'importSkuTwice', { line: earlier });
    skuLine.set(sku.toUpperCase(), row.line);
    const price = cell('price');
    const stock = cell('stock');
    if (price && !PRICE.test(price)) problem(row.line, 'price', 'importBadPrice');
    if (stock && !WHOLE.test(stock)) problem(row.line, 'stock', 'importBadStock');
    const known = catalogue.skus.get(sku.toUpperCase());
    if (known !== undefined) {
      updates.push({ id: known, price: price ? piastres(Number(price)) : null, stock: stock ? Number(stock) : null });
      continue;
    }
    const slug = cell('slug');
    if (!slug) {
      problem(row.line, 'slug', 'importMissing');
      continue;
    }
    if (catalogue.slugs.has(slug)) {
      problem(row.line, 'slug', 'importProductExists');
      continue;
    }
    groups.set(slug, [...(groups.get(slug) ?? []), { line: row.line, cell }]);
  }

  const creates: NewProduct[] = [];
  for (const [slug, group] of groups) {
    const first = group[0]!;
    const before = problems.length;
    const required = (column: CatalogueCsvColumn) => {
      const value = first.cell(column);
      if (!value) problem(first.line, column, 'importMissing');
      return value;
    };
    const named = (column: 'category' | 'family', names: Map<string, number>) => {
      const value = first.cell(column);
      if (!value) return null;
      const id = names.get(value);
      if (id === undefined) problem(first.line, column, 'importUnknownName');
      return id ?? null;
    };
    const flag = (line: number, column: CatalogueCsvColumn, value: string) => {
      const known = FLAGS[value.toLowerCase()];
      if (value && known === undefined) problem(line, column, 'importBadFlag');
      return known ?? false;
    };
    const type = required('type');
    const gender = required('gender');
    if (type && !ProductType.safeParse(type).success) problem(first.line, 'type', 'importInvalidValue');
    if (gender && !Gender.safeParse(gender).success) problem(first.line, 'gender', 'importInvalidValue');
    if (!first.cell('category')) problem(first.line, 'category', 'importMissing');
    if ((RESERVED_PRODUCT_SLUGS as readonly string[]).includes(slug)) problem(first.line, 'slug', 'importInvalidValue');
    const sizes = group.map(({ line, cell }, i) => {
      const ml = Number(cell('size_ml'));
      const size = catalogue.sizes.get(ml);
      if (size === undefined) problem(line, 'size_ml', cell('size_ml') ? 'importUnknownSize' : 'importMissing');
      if (!cell('price')) problem(line, 'price', 'importMissing');
      const isDefault = cell('is_default') ? flag(line, 'is_default', cell('is_default')) : i === 0;
      return {
        size: size ?? 0,
        sku: cell('sku'),
        price: Number(cell('price')),
        stock: Number(cell('stock') || 0),
        is_default: isDefault,
      };
    });
    const input = {
      slug,
      type: type as StaffProductCreate['type'],
      category: named('category', catalogue.categories) ?? 0,
      family: named('family', catalogue.families),
      gender: gender as StaffProductCreate['gender'],
      name_en: required('name_en'),
      name_ar: required('name_ar'),
      description_en: first.cell('description_en'),
      description_ar: first.cell('description_ar'),
      concentration_en: first.cell('concentration_en') || null,
      concentration_ar: first.cell('concentration_ar') || null,
      is_new: flag(first.line, 'is_new', first.cell('is_new')),
      low_stock_threshold: 5,
      notes: { top: [], heart: [], base: [] },
      occasions: [],
      sizes,
    };
    if (sizes.filter((size) => size.is_default).length !== 1) problem(first.line, 'is_default', 'importInvalidValue');
    if (problems.length > before) continue;
    // What the editor's own schema says of the rest (lengths, the slug's form), under the cell at fault.
    const checked = StaffProductCreate.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [field, index, part] = issue.path as [string, number | undefined, string | undefined];
        const line = field === 'sizes' && index !== undefined ? group[index]!.line : first.line;
        const column = field === 'sizes' ? (part === 'size' ? 'size_ml' : (part ?? 'sku')) : field;
        problem(line, column, 'importInvalidValue');
      }
      continue;
    }
    creates.push({ input: checked.data, lines: group.map((each) => each.line) });
  }
  problems.sort((a, b) => a.line - b.line);
  return { problems, updates, creates, rows: lines.length };
}

// --- Import: the run -----------------------------------------------------------------------------------------------

function importJson() {
  return sql`json_build_object('id', i.id, 'file_name', i.file_name, 'status', i.status, 'rows_total', i.rows_total,
    'rows_done', i.rows_done, 'created', i.created, 'updated', i.updated, 'errors', i.errors,
    'created_at', i.created_at, 'finished_at', i.finished_at)`;
}

export async function catalogueImport(database: Database, locale: Locale, id: number): Promise<CatalogueImport> {
  const row = rowOrNotFound(
    await database.rows<{ import: CatalogueImport }>(sql`SELECT ${importJson()} AS import FROM catalogue_imports i WHERE i.id = ${id}`),
    text(locale, 'importNotFound'),
  );
  return row.import;
}

/** Applies a checked file in one transaction; the import's row says `applied` in the same one. */
async function applyImport(rows: Rows, staffId: number, importId: number, fileName: string, checked: CheckedImport) {
  await declareStockChange(rows, { reason: 'correction', staffId, note: fileName });
  const changed = await rows<Pick<TableRow<typeof tables.productVariants>, 'product_id'>>(sql`
    UPDATE product_variants v
    SET price_piastres = coalesce(r.price, v.price_piastres), stock = coalesce(r.stock, v.stock)
    FROM jsonb_to_recordset(${JSON.stringify(checked.updates)}::jsonb) AS r(id int, price int, stock int)
    WHERE v.id = r.id AND (v.price_piastres <> coalesce(r.price, v.price_piastres) OR v.stock <> coalesce(r.stock, v.stock))
    RETURNING v.product_id`);
  const productIds = [...new Set(changed.map((row) => row.product_id))];
  // An editor open on one of these products must not save over the file's prices: its version moves on.
  if (productIds.length > 0) {
    await rows(sql`UPDATE products SET version = version + 1, updated_at = now() WHERE id = ANY(${sql.param(productIds)}::int[])`);
  }
  const created: number[] = [];
  for (const product of checked.creates) created.push(await insertProduct(rows, 'en', staffId, product.input));
  if (created.length > 0) await refreshSearchIndex(rows, created);
  await recordAudit(rows, {
    staffId,
    action: 'products.import',
    entity: 'catalogue_import',
    entityId: importId,
    after: { file_name: fileName, updated_sizes: changed.length, created_products: created },
  });
  await rows(sql`
    UPDATE catalogue_imports SET status = 'applied', created = ${created.length}, updated = ${changed.length},
      rows_done = rows_total, finished_at = now()
    WHERE id = ${importId}`);
}

/**
 * Starts an import: its row is written at once (status `validating`) and answered; the check and the application go on
 * after the answer, writing their progress to the row (`whenDone` settles once the import has ended, for tests).
 */
export async function startImport(database: Database, staffId: number, locale: Locale, fileName: string, fileText: string) {
  const row = oneRow(
    await database.rows<Pick<TableRow<typeof tables.catalogueImports>, 'id'>>(sql`
    INSERT INTO catalogue_imports (staff_id, file_name, status) VALUES (${staffId}, ${fileName}, 'validating') RETURNING id`),
  );
  const id = row.id;
  const finish = async (status: 'invalid' | 'failed', problems: ImportProblem[]) => {
    await database.rows(sql`
      UPDATE catalogue_imports SET status = ${status}, errors = ${JSON.stringify(problems.slice(0, KEPT_PROBLEMS))}::jsonb,
        finished_at = now()
      WHERE id = ${id}`);
  };
  const run = async () => {
    const catalogue = await loadCatalogue(database);
    const checked = await checkImport(locale, fileText, catalogue, async (done, total) => {
      await database.rows(sql`UPDATE catalogue_imports SET rows_total = ${total}, rows_done = ${done} WHERE id = ${id}`);
    });
    await database.rows(sql`UPDATE catalogue_imports SET rows_total = ${checked.rows}, rows_done = ${checked.rows} WHERE id = ${id}`);
    if (checked.problems.length > 0) return finish('invalid', checked.problems);
    await database.rows(sql`UPDATE catalogue_imports SET status = 'applying' WHERE id = ${id}`);
    try {
      await database.db.transaction((tx) => applyImport(rowsOf(tx), staffId, id, fileName, checked));
    } catch (error) {
      // A SKU or slug taken between the check and now: nothing was saved, and the file can simply be sent again.
      if (!violation(error)) throw error;
      await finish('failed', [{ line: 0, column: null, message: text(locale, 'importConflict') }]);
    }
  };
  const whenDone = run().catch(async (error: unknown) => {
    await finish('failed', [{ line: 0, column: null, message: text(locale, 'importConflict') }]).catch(() => undefined);
    throw error;
  });
  return { id, whenDone };
}
