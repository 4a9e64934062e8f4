/**
 * The read path (decision 0029): every product's and offer's contract JSON is kept ready per language in
 * `product_documents` and `offer_documents`, rebuilt by triggers in the same transaction as any change to what it shows
 * (migration 0028). Readers concatenate the stored text, naming pictures at their instance's address and marking a
 * shopper's favourites on the way out.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Rows } from '../db/transaction';

/** The contract's ProductVariant for size `v` (its millilitres in `vs`) of product `p`: the documents' own builder. */
export const variantJson = sql`attar_variant_json(v, vs.ml, p.is_published)`;

/** Whether caller `userId` holds product `productId` as a favourite. */
export const favouriteOf = (userId: number, productId: SQL) =>
  sql`EXISTS (SELECT 1 FROM wish_list_entries w WHERE w.user_id = ${userId} AND w.product_id = ${productId})`;

/** A product document's one `isFavourite` (right after its id, migration 0028), and the text that marks a favourite. */
export const NOT_FAVOURITE = '"isFavourite" : false';
export const FAVOURITE = '"isFavourite" : true';

/** Caller `userId`'s favourite product ids, read once per statement: a page marks many products against them. */
export const favouriteIds = (userId: number) => sql`ARRAY(SELECT w.product_id FROM wish_list_entries w WHERE w.user_id = ${userId})`;

/**
 * The Product document (JSON text) of the product whose id is `productId` (default: row `p`'s), its pictures at
 * `mediaBase`, as caller `userId` sees it (null: a guest). A product's document holds one `isFavourite`, so marking it
 * is one replace.
 */
export function productDocument(locale: Locale, mediaBase: string, userId: number | null, productId: SQL = sql`p.id`): SQL {
  const body = sql`attar_pictures_at((SELECT pd.body FROM product_documents pd WHERE pd.product_id = ${productId} AND pd.locale = ${locale}), ${mediaBase})`;
  if (userId === null) return body;
  return sql`CASE WHEN ${favouriteOf(userId, productId)} THEN replace(${body}, ${NOT_FAVOURITE}, ${FAVOURITE}) ELSE ${body} END`;
}

/** The same as `json`, to nest in a json_build_object. */
export const productJson = (locale: Locale, mediaBase: string, userId: number | null): SQL =>
  sql`${productDocument(locale, mediaBase, userId)}::json`;

/** The Offer document (JSON text) of row `o`, its products marked for caller `userId`'s favourites among them. */
export function offerDocument(locale: Locale, mediaBase: string, userId: number | null): SQL {
  const body = sql`attar_pictures_at((SELECT od.body FROM offer_documents od WHERE od.offer_id = o.id AND od.locale = ${locale}), ${mediaBase})`;
  if (userId === null) return body;
  return sql`attar_favourites_marked(${body}, ARRAY(
    SELECT oi.product_id FROM offer_items oi WHERE oi.offer_id = o.id AND ${favouriteOf(userId, sql`oi.product_id`)}))`;
}

export const offerJson = (locale: Locale, mediaBase: string, userId: number | null): SQL =>
  sql`${offerDocument(locale, mediaBase, userId)}::json`;

/** The picture keys of both documents, whose stored values are paths under the media folder. */
const PICTURE_KEYS = ['image', 'image_desktop', 'image_mobile'];

/**
 * A stored document with its pictures at `mediaBase`, as `attar_pictures_at` does in SQL: each picture key's value is a
 * path the key's own text precedes (json_build_object's spacing), and inside a JSON string every quote is escaped, so
 * `"image" : "` is only ever that key.
 */
export function picturesAt(body: string, mediaBase: string): string {
  return PICTURE_KEYS.reduce((text, key) => text.replaceAll(`"${key}" : "`, `"${key}" : "${mediaBase}`), body);
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
