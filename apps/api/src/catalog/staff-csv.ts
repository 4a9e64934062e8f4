/**
 * The catalogue as CSV (decisions 0025 and 0052): the export (one line per product size, the columns of
 * CATALOGUE_CSV_COLUMNS) and the import. An import is checked whole into a preview before anything is written: the
 * sizes whose price or stock it changes (old and new), the products it creates (new SKUs grouped by slug, drafts like
 * the editor's), and each line it refuses with its problems by line and column in the caller's language (the first 500
 * kept); its progress is written to its row as it goes. Staff then apply it (exactly what was previewed, in one
 * transaction, while nothing it touches changed; stock through the ledger as corrections) or discard it, and may undo
 * an applied one while its products are as it left them.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_CSV_COLUMNS,
  Gender,
  IMPORT_PREVIEW_LIMIT,
  MAX_IMPORT_ROWS,
  ProductType,
  RESERVED_PRODUCT_SLUGS,
  Sku,
  StaffProductCreate,
  type CatalogueCsvColumn,
  type CatalogueImport,
  type CatalogueImportSummary,
  type ImportNewProduct,
  type ImportProblem,
  type ImportSizeChange,
  type Locale,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import { CSV_BOM, csvLine, parseCsv, type CsvRow } from '../http/csv';
import { ApiError } from '../http/errors';
import { text, type TextKey } from '../i18n/catalogue';
import { inTransaction, type Rows } from '../db/transaction';
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

/** A size the shop has, as an import compares the file with it (price in piastres). */
type KnownSize = {
  id: number;
  product_id: number;
  version: number;
  sku: string;
  ml: number;
  name_en: string;
  name_ar: string;
  price: number;
  stock: number;
};

type Catalogue = {
  categories: Map<string, number>;
  families: Map<string, number>;
  sizes: Map<number, number>;
  /** Upper-case SKU → the size. */
  skus: Map<string, KnownSize>;
  slugs: Set<string>;
};

async function loadCatalogue(database: Database): Promise<Catalogue> {
  const row = oneRow(
    await database.rows<{
      categories: Record<string, number>;
      families: Record<string, number>;
      sizes: Record<string, number>;
      skus: Record<string, KnownSize>;
      slugs: string[];
    }>(sql`
    SELECT (SELECT coalesce(json_object_agg(slug, id), '{}') FROM categories) AS categories,
      (SELECT coalesce(json_object_agg(slug, id), '{}') FROM families) AS families,
      (SELECT coalesce(json_object_agg(ml, id), '{}') FROM sizes) AS sizes,
      (SELECT coalesce(json_object_agg(upper(v.sku), json_build_object('id', v.id, 'product_id', p.id, 'version', p.version,
          'sku', v.sku, 'ml', s.ml, 'name_en', p.name_en, 'name_ar', p.name_ar, 'price', v.price_piastres, 'stock', v.stock)), '{}')
        FROM product_variants v JOIN products p ON p.id = v.product_id JOIN sizes s ON s.id = v.size_id) AS skus,
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

/**
 * A size the file changes, as kept with the import: its product's version and its values (piastres, units) when
 * previewed (`old_*`) and as the file has them (`new_*`). Applying sets new over old, undoing old over new, each only
 * where the size still has the values it starts from.
 */
type SizeChange = Omit<KnownSize, 'price' | 'stock'> & { old_price: number; new_price: number; old_stock: number; new_stock: number };
/** A new product: its fields as the editor sends them, the file's line and the size in millilitres of each of its sizes. */
type NewProduct = { input: StaffProductCreate; lines: number[]; ml: number[] };
export type CheckedImport = {
  /** The file as a whole cannot be read: nothing of it can be applied. */
  unreadable: boolean;
  problems: ImportProblem[];
  changes: SizeChange[];
  creates: NewProduct[];
  /** How many of the file's lines are left out for their problems. */
  refused: number;
  rows: number;
};

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;
const FLAGS: Record<string, boolean> = { yes: true, no: false, true: true, false: false, '1': true, '0': false };

/**
 * Checks a whole file against the catalogue as it is now: what it changes, what it creates, and every line it refuses
 * with why (a line with a problem is left out; so is every line of a new product one of whose lines has one). A file that
 * cannot be read as a whole (not CSV, unknown columns, no sku) is refused whole. `progress(done, total)` is told every
 * PROGRESS_EVERY lines.
 */
export async function checkImport(
  locale: Locale,
  fileText: string,
  catalogue: Catalogue,
  progress: (done: number, total: number) => Promise<void>,
): Promise<CheckedImport> {
  const problems: ImportProblem[] = [];
  const problem = (line: number, column: string | null, key: TextKey, values: Record<string, string | number> = {}) =>
    problems.push({ line, column, message: text(locale, key, values) });
  const unreadable = (rows: number): CheckedImport => ({ unreadable: true, problems, changes: [], creates: [], refused: rows, rows });
  const parsed = parseCsv(fileText);
  if (!parsed) {
    problem(0, null, 'importNotCsv');
    return unreadable(0);
  }
  const [header, ...lines] = parsed as [CsvRow | undefined, ...CsvRow[]];
  const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  for (const column of columns) {
    if (!(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(column)) problem(header?.line ?? 1, column, 'importUnknownColumn');
  }
  if (!columns.includes('sku')) problem(header?.line ?? 1, null, 'importNoSku');
  if (lines.length === 0) problem(header?.line ?? 1, null, 'importEmpty');
  if (lines.length > MAX_IMPORT_ROWS) problem(header?.line ?? 1, null, 'importTooManyRows', { max: MAX_IMPORT_ROWS });
  if (problems.length > 0) return unreadable(lines.length);

  const cellOf = (row: CsvRow) => (column: CatalogueCsvColumn) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : (row.cells[index] ?? '').trim();
  };
  const changes: SizeChange[] = [];
  const refused = new Set<number>();
  /** New products' lines by slug, in the file's order, and whether one of them has a problem already. */
  type NewLine = { line: number; cell: (column: CatalogueCsvColumn) => string; faulty: boolean };
  const groups = new Map<string, [NewLine, ...NewLine[]]>();
  const skuLine = new Map<string, number>();

  for (const [index, row] of lines.entries()) {
    if (index % PROGRESS_EVERY === 0) await progress(index, lines.length);
    const before = problems.length;
    const cell = cellOf(row);
    const sku = cell('sku');
    if (!Sku.safeParse(sku).success) {
      problem(row.line, 'sku', 'importBadSku');
      refused.add(row.line);
      continue;
    }
    const earlier = skuLine.get(sku.toUpperCase());
    if (earlier !== undefined) problem(row.line, 'sku', 'importSkuTwice', { line: earlier });
    else skuLine.set(sku.toUpperCase(), row.line);
    const price = cell('price');
    const stock = cell('stock');
    if (price && !PRICE.test(price)) problem(row.line, 'price', 'importBadPrice');
    if (stock && !WHOLE.test(stock)) problem(row.line, 'stock', 'importBadStock');
    const known = catalogue.skus.get(sku.toUpperCase());
    if (known !== undefined) {
      if (problems.length > before) {
        refused.add(row.line);
        continue;
      }
      const { price: oldPrice, stock: oldStock, ...size } = known;
      const newPrice = price ? piastres(Number(price)) : oldPrice;
      const newStock = stock ? Number(stock) : oldStock;
      if (newPrice !== oldPrice || newStock !== oldStock) {
        changes.push({ ...size, old_price: oldPrice, new_price: newPrice, old_stock: oldStock, new_stock: newStock });
      }
      continue;
    }
    const slug = cell('slug');
    if (!slug) problem(row.line, 'slug', 'importMissing');
    else if (catalogue.slugs.has(slug)) problem(row.line, 'slug', 'importProductExists');
    else {
      const line = { line: row.line, cell, faulty: problems.length > before };
      const group = groups.get(slug);
      groups.set(slug, group ? [...group, line] : [line]);
      continue;
    }
    refused.add(row.line);
  }

  const creates: NewProduct[] = [];
  for (const [slug, group] of groups) {
    const [first] = group;
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
    // What the editor's own schema says of the rest (lengths, the slug's form), under the cell at fault.
    const checked = problems.length > before ? null : StaffProductCreate.safeParse(input);
    if (checked && !checked.success) {
      for (const issue of checked.error.issues) {
        const [field, index, part] = issue.path as [string, number | undefined, string | undefined];
        const line = field === 'sizes' && index !== undefined ? group[index]!.line : first.line;
        const column = field === 'sizes' ? (part === 'size' ? 'size_ml' : (part ?? 'sku')) : field;
        problem(line, column, 'importInvalidValue');
      }
    }
    if (checked?.success && !group.some((each) => each.faulty)) {
      creates.push({ input: checked.data, lines: group.map((each) => each.line), ml: group.map(({ cell }) => Number(cell('size_ml'))) });
    } else {
      for (const each of group) refused.add(each.line);
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { unreadable: false, problems, changes, creates, refused: refused.size, rows: lines.length };
}

// --- Import: the record --------------------------------------------------------------------------------------------

/** The import `i` as the record lists it (its sender joined as `sm`). */
const summaryJson = sql`json_build_object('id', i.id, 'file_name', i.file_name, 'status', i.status, 'staff_name', sm.name,
  'rows_total', i.rows_total, 'rows_done', i.rows_done, 'created', i.created, 'updated', i.updated, 'refused', i.refused,
  'created_at', i.created_at, 'finished_at', i.finished_at, 'applied_at', i.applied_at, 'undone_at', i.undone_at)`;

const pounds = (value: number) => value / 100;

/** A kept change as the contract's: only the fields that change, price in pounds. */
function sizeChange(change: SizeChange): ImportSizeChange {
  const fields: ImportSizeChange['fields'] = [];
  if (change.old_price !== change.new_price) fields.push({ field: 'price', old: pounds(change.old_price), new: pounds(change.new_price) });
  if (change.old_stock !== change.new_stock) fields.push({ field: 'stock', old: change.old_stock, new: change.new_stock });
  return { product_id: change.product_id, name_en: change.name_en, name_ar: change.name_ar, sku: change.sku, ml: change.ml, fields };
}

const newProduct = ({ input, ml }: NewProduct): ImportNewProduct => ({
  slug: input.slug,
  name_en: input.name_en,
  name_ar: input.name_ar,
  sizes: input.sizes.map((size, i) => {
    const sizeMl = ml[i];
    // Both lists were made from the same lines of the file.
    if (sizeMl === undefined) throw new Error('A new product has no millilitres for one of its sizes.');
    return { sku: size.sku, ml: sizeMl, price: size.price, stock: size.stock ?? 0 };
  }),
});

/** An import with its problems and the first IMPORT_PREVIEW_LIMIT of its changes and new products. */
export async function catalogueImport(database: Database, locale: Locale, id: number): Promise<CatalogueImport> {
  const row = rowOrNotFound(
    await database.rows<{
      summary: CatalogueImportSummary;
      errors: ImportProblem[];
      changes: SizeChange[];
      creates: NewProduct[];
    }>(sql`
    SELECT ${summaryJson} AS summary, i.errors,
      (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]') FROM jsonb_array_elements(i.changes) WITH ORDINALITY AS x(e, n)
       WHERE n <= ${IMPORT_PREVIEW_LIMIT}) AS changes,
      (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]') FROM jsonb_array_elements(i.new_products) WITH ORDINALITY AS x(e, n)
       WHERE n <= ${IMPORT_PREVIEW_LIMIT}) AS creates
    FROM catalogue_imports i LEFT JOIN staff_members sm ON sm.id = i.staff_id WHERE i.id = ${id}`),
    text(locale, 'importNotFound'),
  );
  return { ...row.summary, errors: row.errors, changes: row.changes.map(sizeChange), new_products: row.creates.map(newProduct) };
}

/** How many imports the record lists. */
const RECENT_IMPORTS = 20;

/** The latest imports, newest first. */
export async function recentImports(database: Database): Promise<CatalogueImportSummary[]> {
  const rows = await database.rows<{ summary: CatalogueImportSummary }>(sql`
    SELECT ${summaryJson} AS summary FROM catalogue_imports i LEFT JOIN staff_members sm ON sm.id = i.staff_id
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${RECENT_IMPORTS}`);
  return rows.map((row) => row.summary);
}

// --- Import: the check, after the answer ---------------------------------------------------------------------------

/**
 * Starts an import: its row is written at once (status `validating`) and answered; the check goes on after the answer,
 * writing its progress to the row, and ends with the preview (`whenDone` settles once it has, for tests). Nothing in
 * the catalogue changes until the import is applied.
 */
export async function startImport(database: Database, staffId: number, locale: Locale, fileName: string, fileText: string) {
  const row = oneRow(
    await database.rows<Pick<TableRow<typeof tables.catalogueImports>, 'id'>>(sql`
    INSERT INTO catalogue_imports (staff_id, file_name, status) VALUES (${staffId}, ${fileName}, 'validating') RETURNING id`),
  );
  const id = row.id;
  const run = async () => {
    const catalogue = await loadCatalogue(database);
    const checked = await checkImport(locale, fileText, catalogue, async (done, total) => {
      await database.rows(sql`UPDATE catalogue_imports SET rows_total = ${total}, rows_done = ${done} WHERE id = ${id}`);
    });
    await database.rows(sql`
      UPDATE catalogue_imports SET status = ${checked.unreadable ? 'invalid' : 'previewed'}, rows_total = ${checked.rows},
        rows_done = ${checked.rows}, errors = ${JSON.stringify(checked.problems.slice(0, KEPT_PROBLEMS))}::jsonb,
        changes = ${JSON.stringify(checked.changes)}::jsonb, new_products = ${JSON.stringify(checked.creates)}::jsonb,
        updated = ${checked.changes.length}, created = ${checked.creates.length}, refused = ${checked.refused}, finished_at = now()
      WHERE id = ${id}`);
  };
  const whenDone = run().catch(async (error: unknown) => {
    await database
      .rows(
        sql`
        UPDATE catalogue_imports SET status = 'failed', finished_at = now(),
          errors = ${JSON.stringify([{ line: 0, column: null, message: text(locale, 'importFailed') }])}::jsonb
        WHERE id = ${id}`,
      )
      .catch(() => undefined);
    throw error;
  });
  return { id, whenDone };
}

// --- Import: apply, discard, undo ------------------------------------------------------------------------------------

/** What applying did, kept for an undo: the versions it left its products at, and the products it created. */
type Outcome = { versions: Record<string, number>; created: number[] };
/** The jsonb columns untyped in the schema, typed as this file writes them. */
type Claimed = Pick<TableRow<typeof tables.catalogueImports>, 'file_name'> & {
  changes: SizeChange[];
  new_products: NewProduct[];
  outcome: Outcome | null;
};

const importChanged = (locale: Locale, key: TextKey, values: Record<string, string> = {}) =>
  new ApiError(409, 'import_changed', text(locale, key, values));

/**
 * Moves an import on from `from`, or answers why not (unknown: 404; in another state: 409). The row stays locked to the
 * end of the transaction: a second apply or undo at the same time waits, then finds the import moved on.
 */
async function claimImport(rows: Rows, locale: Locale, id: number, from: 'previewed' | 'applied', set: SQL): Promise<Claimed> {
  const [claimed] = await rows<Claimed>(sql`
    UPDATE catalogue_imports SET ${set}
    WHERE id = ${id} AND status = ${from} ${from === 'applied' ? sql`AND outcome IS NOT NULL` : sql``}
    RETURNING file_name, changes, new_products, outcome`);
  if (claimed) return claimed;
  rowOrNotFound(
    await rows<Pick<TableRow<typeof tables.catalogueImports>, 'id'>>(sql`SELECT id FROM catalogue_imports WHERE id = ${id}`),
    text(locale, 'importNotFound'),
  );
  throw new ApiError(409, 'import_state', text(locale, from === 'previewed' ? 'importNotPreviewed' : 'importNotApplied'));
}

/** Locks the products (in id order, so two writers never wait on each other) and reads their versions. */
async function lockedVersions(rows: Rows, ids: number[]) {
  const locked = await rows<Pick<TableRow<typeof tables.products>, 'id' | 'version'>>(sql`
    SELECT id, version FROM products WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`);
  return new Map(locked.map((row) => [row.id, row.version]));
}

/** The sizes' moves of an import's changes: from the old values to the file's when applied, back when undone. */
const sizeMoves = (
  changes: { id: number; old_price: number; old_stock: number; new_price: number; new_stock: number }[],
  way: 'apply' | 'undo',
) =>
  changes.map((change) =>
    way === 'apply'
      ? {
          id: change.id,
          from_price: change.old_price,
          from_stock: change.old_stock,
          to_price: change.new_price,
          to_stock: change.new_stock,
        }
      : {
          id: change.id,
          from_price: change.new_price,
          from_stock: change.new_stock,
          to_price: change.old_price,
          to_stock: change.old_stock,
        },
  );

/** Moves each size from one price and stock to another, where it still has the first; answers how many moved. */
async function moveSizes(rows: Rows, moves: { id: number; from_price: number; from_stock: number; to_price: number; to_stock: number }[]) {
  const moved = await rows<Pick<TableRow<typeof tables.productVariants>, 'id'>>(sql`
    UPDATE product_variants v SET price_piastres = r.to_price, stock = r.to_stock
    FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS r(id int, from_price int, from_stock int, to_price int, to_stock int)
    WHERE v.id = r.id AND v.price_piastres = r.from_price AND v.stock = r.from_stock
    RETURNING v.id`);
  return moved.length;
}

/** An editor open on one of these products must not save over the import's values: their versions move on. */
async function bumpVersions(rows: Rows, ids: number[]) {
  const bumped = await rows<Pick<TableRow<typeof tables.products>, 'id' | 'version'>>(sql`
    UPDATE products SET version = version + 1, updated_at = now() WHERE id = ANY(${sql.param(ids)}::int[]) RETURNING id, version`);
  return bumped.map((row) => [String(row.id), row.version] as const);
}

/** Runs an apply or undo in one transaction; a SKU or slug taken meanwhile is the catalogue having changed. */
async function importWrite(database: Database, locale: Locale, id: number, write: (rows: Rows) => Promise<void>) {
  try {
    await inTransaction(database, write);
  } catch (error) {
    if (!violation(error)) throw error;
    throw importChanged(locale, 'importChangedSincePreview');
  }
  return catalogueImport(database, locale, id);
}

/**
 * Applies exactly what an import previewed, all or nothing, once: only while each product it changes has the version,
 * and each size the price and stock, it was previewed at. Stock changes go through the ledger as corrections.
 */
export function applyImport(database: Database, staffId: number, locale: Locale, id: number) {
  return importWrite(database, locale, id, async (rows) => {
    const claimed = await claimImport(rows, locale, id, 'previewed', sql`status = 'applied', applied_by = ${staffId}, applied_at = now()`);
    const previewed = new Map(claimed.changes.map((change) => [change.product_id, change.version]));
    const versions = await lockedVersions(rows, [...previewed.keys()]);
    if ([...previewed].some(([product, version]) => versions.get(product) !== version)) {
      throw importChanged(locale, 'importChangedSincePreview');
    }
    await declareStockChange(rows, { reason: 'correction', staffId, note: claimed.file_name });
    const moves = sizeMoves(claimed.changes, 'apply');
    if ((await moveSizes(rows, moves)) !== moves.length) throw importChanged(locale, 'importChangedSincePreview');
    const after = await bumpVersions(rows, [...previewed.keys()]);
    const created: number[] = [];
    for (const product of claimed.new_products) created.push(await insertProduct(rows, 'en', staffId, product.input));
    if (created.length > 0) {
      await refreshSearchIndex(rows, created);
      after.push(...[...(await lockedVersions(rows, created))].map(([product, version]) => [String(product), version] as const));
    }
    const outcome: Outcome = { versions: Object.fromEntries(after), created };
    await rows(sql`UPDATE catalogue_imports SET outcome = ${JSON.stringify(outcome)}::jsonb WHERE id = ${id}`);
    await recordAudit(rows, {
      staffId,
      action: 'products.import',
      entity: 'catalogue_import',
      entityId: id,
      after: { file_name: claimed.file_name, updated_sizes: moves.length, created_products: created },
    });
  });
}

/** Leaves a previewed import unapplied for good. */
export async function discardImport(database: Database, locale: Locale, id: number) {
  await inTransaction(database, (rows) => claimImport(rows, locale, id, 'previewed', sql`status = 'discarded'`));
  return catalogueImport(database, locale, id);
}

/** Why a product an import created cannot be removed, if something now refers to it. */
async function createdInUse(rows: Rows, id: number, created: number[]) {
  const [used] = await rows<Pick<TableRow<typeof tables.products>, 'name_en' | 'name_ar'> & { reason: TextKey }>(sql`
    SELECT p.name_en, p.name_ar, CASE
        WHEN EXISTS (SELECT 1 FROM order_items o WHERE o.product_id = p.id) THEN 'importUndoOrdered'
        WHEN EXISTS (SELECT 1 FROM cart_product_lines c WHERE c.product_id = p.id) THEN 'importUndoInCart'
        WHEN EXISTS (SELECT 1 FROM offer_items o WHERE o.product_id = p.id)
          OR EXISTS (SELECT 1 FROM promotion_products pp WHERE pp.product_id = p.id) THEN 'importUndoInOffer'
        ELSE 'importUndoStockMoved' END AS reason
    FROM products p
    WHERE p.id = ANY(${sql.param(created)}::int[]) AND (
      EXISTS (SELECT 1 FROM order_items o WHERE o.product_id = p.id)
      OR EXISTS (SELECT 1 FROM cart_product_lines c WHERE c.product_id = p.id)
      OR EXISTS (SELECT 1 FROM offer_items o WHERE o.product_id = p.id)
      OR EXISTS (SELECT 1 FROM promotion_products pp WHERE pp.product_id = p.id)
      -- Stock moved after the import made the product: received, sold, adjusted.
      OR EXISTS (SELECT 1 FROM stock_movements m WHERE m.product_id = p.id
        AND m.created_at > (SELECT applied_at FROM catalogue_imports WHERE id = ${id})))
    ORDER BY p.id LIMIT 1`);
  return used ?? null;
}

/**
 * Takes an applied import back as one step: each size gets the price and stock it had (stock through the ledger, as a
 * correction), the products it created are removed. Only while none of its products changed since it was applied, and
 * no order, cart, offer, promotion or stock movement refers to a product it created.
 */
export function undoImport(database: Database, staffId: number, locale: Locale, id: number) {
  return importWrite(database, locale, id, async (rows) => {
    const claimed = await claimImport(rows, locale, id, 'applied', sql`status = 'undone', undone_by = ${staffId}, undone_at = now()`);
    // Only an import with its outcome is claimed from 'applied'.
    if (!claimed.outcome) throw new Error('An applied import has no outcome.');
    const { versions: left, created } = claimed.outcome;
    const current = await lockedVersions(rows, Object.keys(left).map(Number));
    if (Object.entries(left).some(([product, version]) => current.get(Number(product)) !== version)) {
      throw importChanged(locale, 'importChangedSinceApplied');
    }
    const used = created.length > 0 ? await createdInUse(rows, id, created) : null;
    if (used) throw importChanged(locale, used.reason, { name: locale === 'ar' ? used.name_ar : used.name_en });
    await declareStockChange(rows, { reason: 'correction', staffId, note: claimed.file_name });
    const moves = sizeMoves(claimed.changes, 'undo');
    if ((await moveSizes(rows, moves)) !== moves.length) throw importChanged(locale, 'importChangedSinceApplied');
    if (created.length > 0) await rows(sql`DELETE FROM products WHERE id = ANY(${sql.param(created)}::int[])`);
    await bumpVersions(rows, [...new Set(claimed.changes.map((change) => change.product_id))]);
    await recordAudit(rows, {
      staffId,
      action: 'products.import_undo',
      entity: 'catalogue_import',
      entityId: id,
      after: { file_name: claimed.file_name, restored_sizes: moves.length, removed_products: created },
    });
  });
}
