/**
 * The read path (decision 0029): every product's and offer's contract JSON is kept ready per language in
 * `product_documents` and `offer_documents`, rebuilt by triggers in the same transaction as any change to what it shows
 * (migration 0028). Readers concatenate the stored text; a shopper's favourites are marked on the way out.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Database } from '../db/client';
import { rowsOf, type Rows } from '../orders/service';

/** The contract's ProductVariant for size `v` (its millilitres in `vs`) of product `p`: the documents' own builder. */
export const variantJson = sql`attar_variant_json(v, vs.ml, p.is_published)`;

/** Whether caller `userId` holds product `productId` as a favourite. */
export const favouriteOf = (userId: number, productId: SQL) =>
  sql`EXISTS (SELECT 1 FROM wish_list_entries w WHERE w.user_id = ${userId} AND w.product_id = ${productId})`;

/**
 * The Product document (JSON text) of the product whose id is `productId` (default: row `p`'s), as caller `userId`
 * sees it (null: a guest). A product's document holds one `isFavourite`, so marking it is one replace.
 */
export function productDocument(locale: Locale, userId: number | null, productId: SQL = sql`p.id`): SQL {
  const body = sql`(SELECT pd.body FROM product_documents pd WHERE pd.product_id = ${productId} AND pd.locale = ${locale})`;
  if (userId === null) return body;
  return sql`CASE WHEN ${favouriteOf(userId, productId)} THEN replace(${body}, '"isFavourite" : false', '"isFavourite" : true') ELSE ${body} END`;
}

/** The same as `json`, to nest in a json_build_object. */
export const productJson = (locale: Locale, userId: number | null): SQL => sql`${productDocument(locale, userId)}::json`;

/** The Offer document (JSON text) of row `o`, its products marked for caller `userId`'s favourites among them. */
export function offerDocument(locale: Locale, userId: number | null): SQL {
  const body = sql`(SELECT od.body FROM offer_documents od WHERE od.offer_id = o.id AND od.locale = ${locale})`;
  if (userId === null) return body;
  return sql`attar_favourites_marked(${body}, ARRAY(
    SELECT oi.product_id FROM offer_items oi WHERE oi.offer_id = o.id AND ${favouriteOf(userId, sql`oi.product_id`)}))`;
}

export const offerJson = (locale: Locale, userId: number | null): SQL => sql`${offerDocument(locale, userId)}::json`;

/**
 * Makes the documents name pictures at `mediaBase` (the API's public address + `/media/`), rebuilding all of them when it
 * is not what they were built with: on a first start, or after the address moved. Instances that share an address find
 * nothing to do; the settings row serialises two that start together.
 */
export async function useMediaBase(database: Database, mediaBase: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const changed = await rows(sql`
      UPDATE document_settings SET media_base = ${mediaBase} WHERE media_base IS DISTINCT FROM ${mediaBase} RETURNING 1`);
    if (changed.length > 0) await rows(sql`SELECT attar_rebuild_documents()`);
  });
}

/**
 * Runs a bulk load (the seed catalogue, benchmark products) inside `rows`' transaction with the documents' triggers
 * idle, then builds every document once: row by row, each product would be rebuilt once per table it fills.
 */
export async function loadingInBulk<T>(rows: Rows, load: () => Promise<T>): Promise<T> {
  await rows(sql`SELECT set_config('attar.documents', 'deferred', true)`);
  const loaded = await load();
  await rows(sql`SELECT set_config('attar.documents', 'immediate', true)`);
  await rows(sql`SELECT attar_rebuild_documents()`);
  return loaded;
}
