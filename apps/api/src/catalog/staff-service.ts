/**
 * The back office's catalogue: the names products are sorted by, and products with their sizes. Every
 * write runs in one transaction with its audit entry; a product save names the version it was made on and is refused
 * (409, with the product as it is now) when someone saved first. Names and prices reach the storefront and its search
 * at once (the search words are recomputed in the same transaction), within the guests' micro-cache window.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  sizeProblems,
  RESERVED_PRODUCT_SLUGS,
  type Locale,
  type StaffProduct,
  type StaffProductCreate,
  type StaffImagesSave,
  type StaffProductRow,
  type StaffProductQuery,
  type StaffProductSave,
  type StaffPublication,
  type StaffSize,
  type StaffSizeInput,
  type StaffTerm,
  type StaffTermInput,
  type StaffTermPatch,
  type Taxonomy,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import { PLACEHOLDER_IMAGES } from '../db/seed/artwork';
import { imagesJson, requirePicture, writeImages } from './staff-images';
import type { Database } from '../db/client';
import { ApiError, FieldError } from '../http/errors';
import { count, text, type TextKey } from '../i18n/catalogue';
import { rowsOf, type Rows } from '../db/transaction';
import { declareStockChange } from '../stock/ledger';
import { refreshSearchIndex } from './search';
import { changedError, claimVersion, fieldText, piastres, poundsSql, versionedWrite, violation } from './staff-writes';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';
import { rowsPlannedForValues } from '../db/planned-rows';

export type StaffCatalogueContext = { database: Database; mediaBase: string };

const TABLES: Record<Taxonomy, SQL> = {
  categories: sql.raw('categories'),
  families: sql.raw('families'),
  notes: sql.raw('notes'),
  occasions: sql.raw('occasions'),
};
/** How many products use a term: its column on products, or its link table. */
const USES: Record<Taxonomy, (id: SQL) => SQL> = {
  categories: (id) => sql`(SELECT count(*) FROM products WHERE category_id = ${id})`,
  families: (id) => sql`(SELECT count(*) FROM products WHERE family_id = ${id})`,
  notes: (id) => sql`(SELECT count(DISTINCT product_id) FROM product_notes WHERE note_id = ${id})`,
  occasions: (id) => sql`(SELECT count(*) FROM product_occasions WHERE occasion_id = ${id})`,
};

function termJson(taxonomy: Taxonomy) {
  return sql`json_build_object('id', t.id, 'slug', t.slug, 'name_en', t.name_en, 'name_ar', t.name_ar,
    'position', ${taxonomy === 'categories' ? sql`t.position` : sql`NULL`}, 'products', ${USES[taxonomy](sql`t.id`)}::int)`;
}

export async function listTerms(database: Database, taxonomy: Taxonomy) {
  const order = taxonomy === 'categories' ? sql`t.position, t.id` : sql`t.name_en, t.id`;
  const row = oneRow(
    await database.rows<{ terms: StaffTerm[] }>(sql`
    SELECT coalesce(json_agg(${termJson(taxonomy)} ORDER BY ${order}), '[]') AS terms FROM ${TABLES[taxonomy]} t`),
  );
  return row.terms;
}

const termRows = (rows: Rows, taxonomy: Taxonomy, id: number) =>
  rows<{ term: StaffTerm }>(sql`SELECT ${termJson(taxonomy)} AS term FROM ${TABLES[taxonomy]} t WHERE t.id = ${id}`);

/** A slug or a name already used by another term of the same kind: a field error, not a 500. */
function termConflict(locale: Locale, error: unknown): never {
  if (violation(error)?.code === '23505') throw fieldText(locale, 'slug', 'slugTaken');
  throw error;
}

export async function createTerm(database: Database, staffId: number, locale: Locale, taxonomy: Taxonomy, input: StaffTermInput) {
  return database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const position = taxonomy === 'categories' ? sql`, position` : sql``;
      const positionValue = taxonomy === 'categories' ? sql`, ${input.position ?? 0}` : sql``;
      const created = oneRow(
        await rows<{ id: number }>(sql`
        INSERT INTO ${TABLES[taxonomy]} (slug, name_en, name_ar${position})
        VALUES (${input.slug}, ${input.name_en}, ${input.name_ar}${positionValue}) RETURNING id`),
      );
      const term = oneRow(await termRows(rows, taxonomy, created.id)).term;
      await recordAudit(rows, { staffId, action: `${taxonomy}.create`, entity: taxonomy, entityId: created.id, after: term });
      return term;
    })
    .catch((error: unknown) => termConflict(locale, error));
}

export async function patchTerm(
  database: Database,
  staffId: number,
  locale: Locale,
  taxonomy: Taxonomy,
  id: number,
  patch: StaffTermPatch,
) {
  return database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const before = rowOrNotFound(await termRows(rows, taxonomy, id), text(locale, 'notFound')).term;
      const sets: SQL[] = [];
      if (patch.slug !== undefined) sets.push(sql`slug = ${patch.slug}`);
      if (patch.name_en !== undefined) sets.push(sql`name_en = ${patch.name_en}`);
      if (patch.name_ar !== undefined) sets.push(sql`name_ar = ${patch.name_ar}`);
      if (patch.position !== undefined && taxonomy === 'categories') sets.push(sql`position = ${patch.position}`);
      if (sets.length > 0) await rows(sql`UPDATE ${TABLES[taxonomy]} SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
      const after = oneRow(await termRows(rows, taxonomy, id)).term;
      await recordAudit(rows, { staffId, action: `${taxonomy}.update`, entity: taxonomy, entityId: id, before, after });
      // A renamed category, family or note changes what finds its products.
      if (taxonomy !== 'occasions' && (patch.name_en !== undefined || patch.name_ar !== undefined)) await refreshSearchIndex(rows);
      return after;
    })
    .catch((error: unknown) => termConflict(locale, error));
}

/** Only a term no product uses can go: the caller moves the products first. */
export async function deleteTerm(database: Database, staffId: number, locale: Locale, taxonomy: Taxonomy, id: number) {
  await database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const before = rowOrNotFound(await termRows(rows, taxonomy, id), text(locale, 'notFound')).term;
    if (before.products > 0) throw new ApiError(409, 'in_use', text(locale, 'termInUse', { count: count(locale, before.products) }));
    await rows(sql`DELETE FROM ${TABLES[taxonomy]} WHERE id = ${id}`);
    await recordAudit(rows, { staffId, action: `${taxonomy}.delete`, entity: taxonomy, entityId: id, before });
  });
}

const sizeJson = sql`json_build_object('id', s.id, 'ml', s.ml, 'products', (SELECT count(*) FROM product_variants v WHERE v.size_id = s.id)::int)`;

export async function listSizes(database: Database) {
  const row = oneRow(
    await database.rows<{ sizes: StaffSize[] }>(sql`
    SELECT coalesce(json_agg(${sizeJson} ORDER BY s.ml), '[]') AS sizes FROM sizes s`),
  );
  return row.sizes;
}

export async function createSize(database: Database, staffId: number, locale: Locale, input: StaffSizeInput) {
  return database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const size = oneRow(
        await rows<{ size: StaffSize }>(sql`
        WITH created AS (INSERT INTO sizes (ml) VALUES (${input.ml}) RETURNING *)
        SELECT json_build_object('id', s.id, 'ml', s.ml, 'products', 0) AS size FROM created s`),
      );
      await recordAudit(rows, { staffId, action: 'sizes.create', entity: 'sizes', entityId: size.size.id, after: size.size });
      return size.size;
    })
    .catch((error: unknown) => {
      if (violation(error)?.code === '23505') throw fieldText(locale, 'ml', 'sizeExists');
      throw error;
    });
}

export async function deleteSize(database: Database, staffId: number, locale: Locale, id: number) {
  await database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const before = rowOrNotFound(
      await rows<{ size: StaffSize }>(sql`SELECT ${sizeJson} AS size FROM sizes s WHERE s.id = ${id}`),
      text(locale, 'notFound'),
    );
    const used = before.size.products;
    if (used > 0) throw new ApiError(409, 'in_use', text(locale, 'termInUse', { count: count(locale, used) }));
    await rows(sql`DELETE FROM sizes WHERE id = ${id}`);
    await recordAudit(rows, { staffId, action: 'sizes.delete', entity: 'sizes', entityId: id, before: before.size });
  });
}

// --- Products ----------------------------------------------------------------------------------------------------

/** Published, scheduled (a draft with a time to be published at) or draft. */
/** A product's publication state (`p` is the product). */
export const stateSql = sql`CASE WHEN p.is_published THEN 'published' WHEN p.publish_at IS NOT NULL THEN 'scheduled' ELSE 'draft' END`;

function staffProductJson(mediaBase: string) {
  return sql`json_build_object(
    'id', p.id, 'slug', p.slug, 'type', p.type, 'category', p.category_id, 'family', p.family_id,
    'name_en', p.name_en, 'name_ar', p.name_ar, 'description_en', p.description_en, 'description_ar', p.description_ar,
    'concentration_en', p.concentration_en, 'concentration_ar', p.concentration_ar, 'gender', p.gender, 'is_new', p.is_new,
    'low_stock_threshold', p.low_stock_threshold,
    'state', ${stateSql}, 'publish_at', p.publish_at,
    'notes', json_build_object(
      'top', coalesce((SELECT json_agg(pn.note_id ORDER BY pn.position) FROM product_notes pn WHERE pn.product_id = p.id AND pn.layer = 'top'), '[]'),
      'heart', coalesce((SELECT json_agg(pn.note_id ORDER BY pn.position) FROM product_notes pn WHERE pn.product_id = p.id AND pn.layer = 'heart'), '[]'),
      'base', coalesce((SELECT json_agg(pn.note_id ORDER BY pn.position) FROM product_notes pn WHERE pn.product_id = p.id AND pn.layer = 'base'), '[]')),
    'occasions', coalesce((SELECT json_agg(po.occasion_id ORDER BY po.occasion_id) FROM product_occasions po WHERE po.product_id = p.id), '[]'),
    'sizes', (SELECT json_agg(json_build_object('id', v.id, 'size', v.size_id, 'ml', s.ml, 'sku', v.sku,
        'price', ${poundsSql(sql`v.price_piastres`)}, 'stock', v.stock, 'is_default', v.is_default) ORDER BY s.ml)
      FROM product_variants v JOIN sizes s ON s.id = v.size_id WHERE v.product_id = p.id),
    'image_mobile', ${mediaBase} || p.image_mobile, 'images', ${imagesJson('product', sql`p`, mediaBase)},
    'version', p.version, 'created_at', p.created_at, 'updated_at', p.updated_at)`;
}

const productRows = (rows: Rows, mediaBase: string, id: number) =>
  rows<{ product: StaffProduct }>(sql`SELECT ${staffProductJson(mediaBase)} AS product FROM products p WHERE p.id = ${id}`);

export async function staffProduct(ctx: StaffCatalogueContext, locale: Locale, id: number) {
  return rowOrNotFound(await productRows(ctx.database.rows.bind(ctx.database), ctx.mediaBase, id), text(locale, 'productNotFound')).product;
}

const ORDERINGS: Record<StaffProductQuery['ordering'], SQL> = {
  '-updated_at': sql`p.updated_at DESC, p.id DESC`,
  name: sql`p.name_en, p.id`,
  price: sql`p.price_piastres, p.id`,
  '-price': sql`p.price_piastres DESC, p.id DESC`,
  stock: sql`(SELECT sum(v.stock) FROM product_variants v WHERE v.product_id = p.id), p.id`,
};

/** An ILIKE pattern for text containing `search` (its own % and _ taken literally). */
export const containing = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The products list: search by name (either language), slug or SKU; by category and state; newest change first. A
 * search reads each of the four on its trigram index (migration 0049), the SKU's products as an array of ids so that
 * all four are one bitmap; planned for its values and uncompiled (the planner priced a search of every product high
 * enough to compile it).
 */
export async function productPage(ctx: StaffCatalogueContext, query: StaffProductQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.search) {
    const like = containing(query.search);
    conditions.push(sql`(p.name_en ILIKE ${like} OR p.name_ar ILIKE ${like} OR p.slug ILIKE ${like}
      OR p.id = ANY(ARRAY(SELECT v.product_id FROM product_variants v WHERE v.sku ILIKE ${like})))`);
  }
  if (query.category !== undefined) conditions.push(sql`p.category_id = ${query.category}`);
  if (query.state) conditions.push(sql`${stateSql} = ${query.state}`);
  const where = sql.join(conditions, sql` AND `);
  const row = oneRow(
    await rowsPlannedForValues<{ count: number; results: StaffProductRow[] }>(
      ctx.database,
      sql`
    SELECT (SELECT count(*)::int FROM products p WHERE ${where}) AS count,
      coalesce((SELECT json_agg(json_build_object(
        'id', p.id, 'slug', p.slug, 'name_en', p.name_en, 'name_ar', p.name_ar, 'category', p.category_id,
        'state', ${stateSql}, 'publish_at', p.publish_at, 'price', ${poundsSql(sql`p.price_piastres`)},
        'stock', (SELECT coalesce(sum(v.stock), 0) FROM product_variants v WHERE v.product_id = p.id)::int,
        'sizes', (SELECT json_agg(s.ml ORDER BY s.ml) FROM product_variants v JOIN sizes s ON s.id = v.size_id WHERE v.product_id = p.id),
        'image_mobile', ${ctx.mediaBase} || p.image_mobile, 'updated_at', p.updated_at) ORDER BY ord)
      FROM (SELECT p.*, row_number() OVER (ORDER BY ${ORDERINGS[query.ordering]}) AS ord FROM products p WHERE ${where}
            ORDER BY ${ORDERINGS[query.ordering]} LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}) p), '[]') AS results`,
    ),
  );
  return row;
}

type ProductFields = StaffProductCreate;

/** Field errors the database would otherwise answer with a 500: unknown names, sizes that break its rules, a reserved slug. */
export async function checkProduct(rows: Rows, locale: Locale, input: ProductFields, productId: number | null) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: TextKey, values: Record<string, string | number> = {}) =>
    (errors[field] ??= []).push(text(locale, key, values));
  if ((RESERVED_PRODUCT_SLUGS as readonly string[]).includes(input.slug)) add('slug', 'slugReserved');
  const problems = sizeProblems(input.sizes);
  if (problems.includes('one_default')) add('sizes', 'sizeOneDefault');
  if (problems.includes('size_twice')) add('sizes', 'sizeTwice');
  if (problems.includes('sku_twice')) add('sizes', 'skuTwice');
  const noteIds = [...input.notes.top, ...input.notes.heart, ...input.notes.base];
  const sizeIds = input.sizes.map((each) => each.size);
  const ownSizes = input.sizes.flatMap((each) => (each.id === undefined ? [] : [each.id]));
  const found = oneRow(
    await rows<{
      category: boolean;
      family: boolean;
      notes: number[];
      occasions: number[];
      sizes: number[];
      own_sizes: number[];
      size_of: Record<string, number>;
      slug_taken: boolean;
      skus_taken: string[];
    }>(sql`
    SELECT EXISTS (SELECT 1 FROM categories WHERE id = ${input.category}) AS category,
      ${input.family === null ? sql`true` : sql`EXISTS (SELECT 1 FROM families WHERE id = ${input.family})`} AS family,
      coalesce((SELECT array_agg(id) FROM notes WHERE id = ANY(${sql.param(noteIds)}::int[])), '{}') AS notes,
      coalesce((SELECT array_agg(id) FROM occasions WHERE id = ANY(${sql.param(input.occasions)}::int[])), '{}') AS occasions,
      coalesce((SELECT array_agg(id) FROM sizes WHERE id = ANY(${sql.param(sizeIds)}::int[])), '{}') AS sizes,
      coalesce((SELECT array_agg(id) FROM product_variants WHERE product_id = ${productId ?? 0}
        AND id = ANY(${sql.param(ownSizes)}::int[])), '{}') AS own_sizes,
      coalesce((SELECT json_object_agg(id, size_id) FROM product_variants WHERE product_id = ${productId ?? 0}), '{}') AS size_of,
      EXISTS (SELECT 1 FROM products WHERE slug = ${input.slug} AND id <> ${productId ?? 0}) AS slug_taken,
      coalesce((SELECT array_agg(sku) FROM product_variants WHERE upper(sku) = ANY(${sql.param(input.sizes.map((each) => each.sku.toUpperCase()))}::text[])
        AND product_id <> ${productId ?? 0}), '{}') AS skus_taken`),
  );
  if (!found.category) add('category', 'unknownChoice');
  if (!found.family) add('family', 'unknownChoice');
  if (noteIds.some((id) => !found.notes.includes(id))) add('notes', 'unknownChoice');
  if (input.occasions.some((id) => !found.occasions.includes(id))) add('occasions', 'unknownChoice');
  if (sizeIds.some((id) => !found.sizes.includes(id))) add('sizes', 'unknownChoice');
  if (ownSizes.some((id) => !found.own_sizes.includes(id))) add('sizes', 'unknownChoice');
  // A size sold keeps its millilitres (its orders name them): another size is a new one.
  if (input.sizes.some((each) => each.id !== undefined && found.size_of[each.id] !== undefined && found.size_of[each.id] !== each.size)) {
    add('sizes', 'sizeFixed');
  }
  if (found.slug_taken) add('slug', 'slugTaken');
  // Under the row whose SKU it is.
  for (const sku of found.skus_taken) {
    const row = input.sizes.findIndex((each) => each.sku.toUpperCase() === sku.toUpperCase());
    add(`sizes.${row}.sku`, 'skuTaken', { sku });
  }
  if (Object.keys(errors).length > 0) throw new FieldError(errors);
}

/** Notes (in the order given, per layer) and occasions, replaced as a whole. */
async function writeLinks(rows: Rows, productId: number, input: ProductFields) {
  await rows(sql`DELETE FROM product_notes WHERE product_id = ${productId}`);
  await rows(sql`DELETE FROM product_occasions WHERE product_id = ${productId}`);
  const notes = (['top', 'heart', 'base'] as const).flatMap((layer) =>
    input.notes[layer].map((noteId, position) => sql`(${productId}, ${noteId}, ${layer}, ${position})`),
  );
  // A note listed twice in one layer counts once.
  if (notes.length > 0)
    await rows(
      sql`INSERT INTO product_notes (product_id, note_id, layer, position) VALUES ${sql.join(notes, sql`, `)} ON CONFLICT DO NOTHING`,
    );
  const occasions = [...new Set(input.occasions)].map((occasionId) => sql`(${productId}, ${occasionId})`);
  if (occasions.length > 0) await rows(sql`INSERT INTO product_occasions (product_id, occasion_id) VALUES ${sql.join(occasions, sql`, `)}`);
}

/**
 * The sizes as saved: kept ones get their SKU, price and default flag (not their stock: that is the stock
 * ledger's; nor their millilitres), new ones are added with the stock they were received with, missing ones removed. The default flag moves
 * in two steps, since one product may never have two defaults (unique index) even for a moment.
 */
async function writeSizes(rows: Rows, locale: Locale, productId: number, input: ProductFields) {
  const kept = input.sizes.flatMap((each) => (each.id === undefined ? [] : [each.id]));
  const removed = await rows<Pick<TableRow<typeof tables.productVariants>, 'id'> & Pick<TableRow<typeof tables.sizes>, 'ml'>>(sql`
    SELECT v.id, s.ml FROM product_variants v JOIN sizes s ON s.id = v.size_id
    WHERE v.product_id = ${productId} AND NOT (v.id = ANY(${sql.param(kept)}::int[]))`);
  for (const size of removed) {
    const use = oneRow(
      await rows<{ ordered: boolean; in_offer: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM order_items WHERE variant_id = ${size.id}) AS ordered,
        EXISTS (SELECT 1 FROM offer_items WHERE variant_id = ${size.id}) AS in_offer`),
    );
    if (use.ordered) throw fieldText(locale, 'sizes', 'sizeOrdered', { ml: count(locale, size.ml) });
    if (use.in_offer) throw fieldText(locale, 'sizes', 'sizeInOffer', { ml: count(locale, size.ml) });
  }
  await rows(sql`UPDATE product_variants SET is_default = false WHERE product_id = ${productId} AND is_default`);
  if (removed.length > 0) await rows(sql`DELETE FROM product_variants WHERE id = ANY(${sql.param(removed.map((each) => each.id))}::int[])`);
  // SKUs change hands in two steps too (one SKU per size, even for a moment); '~' is never in a SKU staff type.
  if (kept.length > 0) await rows(sql`UPDATE product_variants SET sku = '~' || id WHERE id = ANY(${sql.param(kept)}::int[])`);
  for (const size of input.sizes) {
    if (size.id !== undefined) {
      await rows(sql`
        UPDATE product_variants SET sku = ${size.sku}, price_piastres = ${piastres(size.price)}, is_default = ${size.is_default}
        WHERE id = ${size.id} AND product_id = ${productId}`);
    } else {
      await rows(sql`
        INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock, is_default)
        VALUES (${productId}, ${size.size}, ${size.sku}, ${piastres(size.price)}, ${size.stock ?? 0}, ${size.is_default})`);
    }
  }
}

/** The database's own answer to a slug or SKU taken in the meantime (the checks above ran before it). */
function productConflict(locale: Locale, error: unknown): never {
  const found = violation(error);
  if (found?.constraint === 'products_slug_unique') throw fieldText(locale, 'slug', 'slugTaken');
  if (found?.constraint === 'product_variants_sku') throw fieldText(locale, 'sizes', 'skuTwice');
  throw error;
}

/** A new product, as a draft with the shop's placeholder picture until its own are uploaded. */
export async function createProduct(ctx: StaffCatalogueContext, staffId: number, locale: Locale, input: StaffProductCreate) {
  return ctx.database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      await checkProduct(rows, locale, input, null);
      const id = await insertProduct(rows, locale, staffId, input);
      await refreshSearchIndex(rows, [id]);
      const product = oneRow(await productRows(rows, ctx.mediaBase, id)).product;
      await recordAudit(rows, { staffId, action: 'product.create', entity: 'product', entityId: id, after: product });
      return product;
    })
    .catch((error: unknown) => productConflict(locale, error));
}

/**
 * Inserts a checked product as a draft with the placeholder picture, its sizes (their stock received) and its notes and
 * occasions; the caller refreshes the search index and writes the audit (one product, or a whole CSV import).
 */
export async function insertProduct(rows: Rows, locale: Locale, staffId: number, input: ProductFields) {
  const defaultSize = input.sizes.find((each) => each.is_default);
  // Both callers, the form's check and the import's, refused sizes without exactly one default.
  if (!defaultSize) throw new Error('A checked product has no default size.');
  const created = oneRow(
    await rows<Pick<TableRow<typeof tables.products>, 'id'>>(sql`
        INSERT INTO products (slug, type, category_id, family_id, name_en, name_ar, description_en, description_ar,
          concentration_en, concentration_ar, gender, is_new, low_stock_threshold, is_published, price_piastres, stock,
          image, image_desktop, image_mobile)
        VALUES (${input.slug}, ${input.type}, ${input.category}, ${input.family}, ${input.name_en}, ${input.name_ar},
          ${input.description_en}, ${input.description_ar}, ${input.concentration_en || null}, ${input.concentration_ar || null},
          ${input.gender}, ${input.is_new}, ${input.low_stock_threshold}, false, ${piastres(defaultSize.price)}, ${defaultSize.stock ?? 0},
          ${PLACEHOLDER_IMAGES.image}, ${PLACEHOLDER_IMAGES.imageDesktop}, ${PLACEHOLDER_IMAGES.imageMobile})
        RETURNING id`),
  );
  const id = created.id;
  await declareStockChange(rows, { reason: 'received', staffId });
  await writeSizes(rows, locale, id, input);
  await writeLinks(rows, id, input);
  // A slug someone else used to have now belongs to this product.
  await rows(sql`DELETE FROM product_slug_redirects WHERE slug = ${input.slug}`);
  return id;
}

/** A product write on a version: a 409 carries the product as it is now. */
const productWrite = <T>(ctx: StaffCatalogueContext, locale: Locale, id: number, write: (rows: Rows) => Promise<T>) =>
  versionedWrite(
    ctx.database,
    write,
    async () => changedError(locale, 'product', await staffProduct(ctx, locale, id)),
    (error) => productConflict(locale, error),
  );

export async function saveProduct(ctx: StaffCatalogueContext, staffId: number, locale: Locale, id: number, input: StaffProductSave) {
  return productWrite(ctx, locale, id, async (rows) => {
    const before = rowOrNotFound(await productRows(rows, ctx.mediaBase, id), text(locale, 'productNotFound')).product;
    await claimVersion(rows, locale, 'products', id, input.version);
    await checkProduct(rows, locale, input, id);
    await rows(sql`
        UPDATE products SET slug = ${input.slug}, type = ${input.type}, category_id = ${input.category}, family_id = ${input.family},
          name_en = ${input.name_en}, name_ar = ${input.name_ar}, description_en = ${input.description_en},
          description_ar = ${input.description_ar}, concentration_en = ${input.concentration_en || null},
          concentration_ar = ${input.concentration_ar || null}, gender = ${input.gender}, is_new = ${input.is_new},
          low_stock_threshold = ${input.low_stock_threshold}
        WHERE id = ${id}`);
    // Only new sizes bring stock: what they were received with.
    await declareStockChange(rows, { reason: 'received', staffId });
    await writeSizes(rows, locale, id, input);
    await writeLinks(rows, id, input);
    if (before.slug !== input.slug) {
      // The old address keeps working (a permanent redirect); the new one is this product's, whoever had it before.
      await rows(sql`DELETE FROM product_slug_redirects WHERE slug = ${input.slug}`);
      await rows(sql`
          INSERT INTO product_slug_redirects (slug, product_id) VALUES (${before.slug}, ${id})
          ON CONFLICT (slug) DO UPDATE SET product_id = EXCLUDED.product_id`);
    }
    await refreshSearchIndex(rows, [id]);
    const after = oneRow(await productRows(rows, ctx.mediaBase, id)).product;
    await recordAudit(rows, { staffId, action: 'product.update', entity: 'product', entityId: id, before, after });
    return after;
  });
}

/** Publish now, back to draft, or publish at a later time (by the catalogue job, `publishDueProducts`). */
export async function setPublication(ctx: StaffCatalogueContext, staffId: number, locale: Locale, id: number, input: StaffPublication) {
  if (input.state === 'scheduled' && Date.parse(input.publish_at) <= Date.now()) {
    throw fieldText(locale, 'publish_at', 'publishAtPast');
  }
  return productWrite(ctx, locale, id, async (rows) => {
    const before = rowOrNotFound(await productRows(rows, ctx.mediaBase, id), text(locale, 'productNotFound')).product;
    await claimVersion(rows, locale, 'products', id, input.version);
    if (input.state !== 'draft') await requirePicture(rows, locale, 'product', id);
    const publishAt = input.state === 'scheduled' ? input.publish_at : null;
    await rows(sql`UPDATE products SET is_published = ${input.state === 'published'}, publish_at = ${publishAt} WHERE id = ${id}`);
    const after = oneRow(await productRows(rows, ctx.mediaBase, id)).product;
    await recordAudit(rows, {
      staffId,
      action: `product.${input.state === 'draft' ? 'unpublish' : input.state === 'scheduled' ? 'schedule' : 'publish'}`,
      entity: 'product',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** The product's pictures in their new order with their descriptions (staff-images.ts). */
export async function saveProductImages(ctx: StaffCatalogueContext, staffId: number, locale: Locale, id: number, input: StaffImagesSave) {
  return productWrite(ctx, locale, id, async (rows) => {
    const before = rowOrNotFound(await productRows(rows, ctx.mediaBase, id), text(locale, 'productNotFound')).product;
    await claimVersion(rows, locale, 'products', id, input.version);
    await writeImages(rows, locale, 'product', id, input);
    const after = oneRow(await productRows(rows, ctx.mediaBase, id)).product;
    await recordAudit(rows, { staffId, action: 'product.images', entity: 'product', entityId: id, before, after });
    return after;
  });
}

/** Publishes the scheduled products whose time has come; answers their ids. Run every minute by the job queue. */
export async function publishDueProducts(database: Database): Promise<number[]> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const published = await rows<Pick<TableRow<typeof tables.products>, 'id'>>(sql`
      UPDATE products SET is_published = true, publish_at = NULL, version = version + 1, updated_at = now()
      WHERE publish_at <= now() AND NOT is_published RETURNING id`);
    for (const { id } of published) {
      await recordAudit(rows, { staffId: null, action: 'product.publish', entity: 'product', entityId: id, after: { state: 'published' } });
    }
    return published.map((each) => each.id);
  });
}

/** The current slug of a product that used to be at `slug`, if any. */
export async function movedProductSlug(database: Database, slug: string): Promise<string | null> {
  const [row] = await database.rows<Pick<TableRow<typeof tables.products>, 'slug'>>(sql`
    SELECT p.slug FROM product_slug_redirects r JOIN products p ON p.id = r.product_id WHERE r.slug = ${slug} AND p.is_published`);
  return row?.slug ?? null;
}
