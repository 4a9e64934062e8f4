/**
 * Offers in the back office: a bundle of product sizes at its own price, never above what its parts
 * cost together (kept as its original price, which the storefront shows the saving against), with its own stock of
 * bundles. Drafts or published; saved on a version like products; a changed slug leaves a 301 behind.
 */
import { sql } from 'drizzle-orm';
import type {
  Locale,
  StaffImagesSave,
  StaffOffer,
  StaffOfferCreate,
  StaffOfferPublication,
  StaffOfferQuery,
  StaffOfferSave,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import { PLACEHOLDER_IMAGES } from '../db/seed/artwork';
import { FieldError } from '../http/errors';
import { money, text, type TextKey } from '../i18n/catalogue';
import { rowsOf, type Rows } from '../db/transaction';
import { imagesJson, requirePicture, writeImages } from './staff-images';
import { containing, type StaffCatalogueContext } from './staff-service';
import { changedError, claimVersion, fieldText, piastres, poundsSql, versionedWrite, violation } from './staff-writes';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';

function staffOfferJson(mediaBase: string) {
  return sql`json_build_object('id', o.id, 'slug', o.slug, 'name_en', o.name_en, 'name_ar', o.name_ar,
    'description_en', o.description_en, 'description_ar', o.description_ar,
    'price', ${poundsSql(sql`o.price_piastres`)}, 'original_price', ${poundsSql(sql`o.original_price_piastres`)}, 'stock', o.stock,
    'state', CASE WHEN o.is_published THEN 'published' ELSE 'draft' END,
    'items', coalesce((SELECT json_agg(json_build_object('size', v.id, 'product', p.id, 'name_en', p.name_en, 'name_ar', p.name_ar,
        'ml', s.ml, 'sku', v.sku, 'price', ${poundsSql(sql`v.price_piastres`)}, 'quantity', oi.quantity) ORDER BY p.name_en, s.ml, v.id)
      FROM offer_items oi JOIN product_variants v ON v.id = oi.variant_id JOIN products p ON p.id = oi.product_id
      JOIN sizes s ON s.id = v.size_id WHERE oi.offer_id = o.id), '[]'),
    'image_mobile', ${mediaBase} || o.image_mobile, 'images', ${imagesJson('offer', sql`o`, mediaBase)}, 'version', o.version, 'created_at', o.created_at, 'updated_at', o.updated_at)`;
}

const offerRows = (rows: Rows, mediaBase: string, id: number) =>
  rows<{ offer: StaffOffer }>(sql`SELECT ${staffOfferJson(mediaBase)} AS offer FROM offers o WHERE o.id = ${id}`);

export async function staffOffer(ctx: StaffCatalogueContext, locale: Locale, id: number) {
  return rowOrNotFound(await offerRows((query) => ctx.database.rows(query), ctx.mediaBase, id), text(locale, 'offerNotFound')).offer;
}

/** Every offer, drafts too, newest change first; search by name (either language) or slug. */
export async function offerPage(ctx: StaffCatalogueContext, query: StaffOfferQuery) {
  const like = query.search ? containing(query.search) : null;
  const where = like ? sql`o.name_en ILIKE ${like} OR o.name_ar ILIKE ${like} OR o.slug ILIKE ${like}` : sql`true`;
  const row = oneRow(
    await ctx.database.rows<{ count: number; results: StaffOffer[] }>(sql`
    SELECT (SELECT count(*)::int FROM offers o WHERE ${where}) AS count,
      coalesce((SELECT json_agg(${staffOfferJson(ctx.mediaBase)} ORDER BY o.updated_at DESC, o.id DESC)
        FROM (SELECT * FROM offers o WHERE ${where} ORDER BY o.updated_at DESC, o.id DESC
              LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}) o), '[]') AS results`),
  );
  return row;
}

/**
 * The parts' sizes must exist (the product of each is read from it); the slug must be free; the price at most the
 * parts' total, which is answered for the offer's original price.
 */
async function checkOffer(rows: Rows, locale: Locale, input: StaffOfferCreate, offerId: number | null) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: TextKey, values: Record<string, string | number> = {}) =>
    (errors[field] ??= []).push(text(locale, key, values));
  const sizes = input.items.map((item) => item.size);
  const parts = await rows<Pick<TableRow<typeof tables.productVariants>, 'id' | 'product_id' | 'price_piastres'>>(sql`
    SELECT id, product_id, price_piastres FROM product_variants WHERE id = ANY(${sql.param(sizes)}::int[])`);
  const bySize = new Map(parts.map((part) => [part.id, part]));
  const total = input.items.reduce((sum, item) => sum + (bySize.get(item.size)?.price_piastres ?? 0) * item.quantity, 0);
  if (new Set(sizes).size !== sizes.length || sizes.some((size) => !bySize.has(size))) add('items', 'offerPartUnknown');
  // Against parts that exist only: an unknown part is its own error.
  else if (piastres(input.price) > total) add('price', 'offerAboveParts', { total: money(locale, total) });
  const taken = oneRow(
    await rows<{ taken: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM offers WHERE slug = ${input.slug} AND id <> ${offerId ?? 0}) AS taken`),
  );
  if (taken.taken) add('slug', 'slugTaken');
  if (Object.keys(errors).length > 0) throw new FieldError(errors);
  return { total, bySize };
}

async function writeItems(
  rows: Rows,
  offerId: number,
  input: StaffOfferCreate,
  bySize: Map<number, Pick<TableRow<typeof tables.productVariants>, 'product_id'>>,
) {
  await rows(sql`DELETE FROM offer_items WHERE offer_id = ${offerId}`);
  const values = input.items.map((item) => {
    const part = bySize.get(item.size);
    // The offer's check refused a part whose size does not exist.
    if (!part) throw new Error('An offer part has no size.');
    return sql`(${offerId}, ${part.product_id}, ${item.size}, ${item.quantity})`;
  });
  await rows(sql`INSERT INTO offer_items (offer_id, product_id, variant_id, quantity) VALUES ${sql.join(values, sql`, `)}`);
}

function offerConflict(locale: Locale, error: unknown): never {
  if (violation(error)?.constraint === 'offers_slug_unique') throw fieldText(locale, 'slug', 'slugTaken');
  throw error;
}

const offerWrite = <T>(ctx: StaffCatalogueContext, locale: Locale, id: number, write: (rows: Rows) => Promise<T>) =>
  versionedWrite(
    ctx.database,
    write,
    async () => changedError(locale, 'offer', await staffOffer(ctx, locale, id)),
    (error) => offerConflict(locale, error),
  );

/** A new offer, as a draft with the shop's placeholder picture until its own are uploaded. */
export async function createOffer(ctx: StaffCatalogueContext, staffId: number, locale: Locale, input: StaffOfferCreate) {
  return ctx.database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const { total, bySize } = await checkOffer(rows, locale, input, null);
      const created = oneRow(
        await rows<Pick<TableRow<typeof tables.offers>, 'id'>>(sql`
        INSERT INTO offers (slug, name_en, name_ar, description_en, description_ar, price_piastres, original_price_piastres, stock,
          is_published, image, image_desktop, image_mobile)
        VALUES (${input.slug}, ${input.name_en}, ${input.name_ar}, ${input.description_en}, ${input.description_ar},
          ${piastres(input.price)}, ${total}, ${input.stock}, false,
          ${PLACEHOLDER_IMAGES.image}, ${PLACEHOLDER_IMAGES.imageDesktop}, ${PLACEHOLDER_IMAGES.imageMobile})
        RETURNING id`),
      );
      const id = created.id;
      await writeItems(rows, id, input, bySize);
      await rows(sql`DELETE FROM offer_slug_redirects WHERE slug = ${input.slug}`);
      const offer = oneRow(await offerRows(rows, ctx.mediaBase, id)).offer;
      await recordAudit(rows, { staffId, action: 'offer.create', entity: 'offer', entityId: id, after: offer });
      return offer;
    })
    .catch((error: unknown) => offerConflict(locale, error));
}

export async function saveOffer(ctx: StaffCatalogueContext, staffId: number, locale: Locale, id: number, input: StaffOfferSave) {
  return offerWrite(ctx, locale, id, async (rows) => {
    const before = rowOrNotFound(await offerRows(rows, ctx.mediaBase, id), text(locale, 'offerNotFound')).offer;
    await claimVersion(rows, locale, 'offers', id, input.version);
    const { total, bySize } = await checkOffer(rows, locale, input, id);
    await rows(sql`
      UPDATE offers SET slug = ${input.slug}, name_en = ${input.name_en}, name_ar = ${input.name_ar},
        description_en = ${input.description_en}, description_ar = ${input.description_ar},
        price_piastres = ${piastres(input.price)}, original_price_piastres = ${total}, stock = ${input.stock}
      WHERE id = ${id}`);
    await writeItems(rows, id, input, bySize);
    if (before.slug !== input.slug) {
      await rows(sql`DELETE FROM offer_slug_redirects WHERE slug = ${input.slug}`);
      await rows(sql`
        INSERT INTO offer_slug_redirects (slug, offer_id) VALUES (${before.slug}, ${id})
        ON CONFLICT (slug) DO UPDATE SET offer_id = EXCLUDED.offer_id`);
    }
    const after = oneRow(await offerRows(rows, ctx.mediaBase, id)).offer;
    await recordAudit(rows, { staffId, action: 'offer.update', entity: 'offer', entityId: id, before, after });
    return after;
  });
}

export async function setOfferPublication(
  ctx: StaffCatalogueContext,
  staffId: number,
  locale: Locale,
  id: number,
  input: StaffOfferPublication,
) {
  return offerWrite(ctx, locale, id, async (rows) => {
    const before = rowOrNotFound(await offerRows(rows, ctx.mediaBase, id), text(locale, 'offerNotFound')).offer;
    await claimVersion(rows, locale, 'offers', id, input.version);
    if (input.state === 'published') await requirePicture(rows, locale, 'offer', id);
    await rows(sql`UPDATE offers SET is_published = ${input.state === 'published'} WHERE id = ${id}`);
    const after = oneRow(await offerRows(rows, ctx.mediaBase, id)).offer;
    const action = input.state === 'published' ? 'offer.publish' : 'offer.unpublish';
    await recordAudit(rows, { staffId, action, entity: 'offer', entityId: id, before, after });
    return after;
  });
}

/** The offer's pictures in their new order with their descriptions (staff-images.ts). */
export async function saveOfferImages(ctx: StaffCatalogueContext, staffId: number, locale: Locale, id: number, input: StaffImagesSave) {
  return offerWrite(ctx, locale, id, async (rows) => {
    const before = rowOrNotFound(await offerRows(rows, ctx.mediaBase, id), text(locale, 'offerNotFound')).offer;
    await claimVersion(rows, locale, 'offers', id, input.version);
    await writeImages(rows, locale, 'offer', id, input);
    const after = oneRow(await offerRows(rows, ctx.mediaBase, id)).offer;
    await recordAudit(rows, { staffId, action: 'offer.images', entity: 'offer', entityId: id, before, after });
    return after;
  });
}

/** The current slug of a published offer that used to be at `slug`, if any. */
export async function movedOfferSlug(database: Database, slug: string): Promise<string | null> {
  const [row] = await database.rows<Pick<TableRow<typeof tables.offers>, 'slug'>>(sql`
    SELECT o.slug FROM offer_slug_redirects r JOIN offers o ON o.id = r.offer_id WHERE r.slug = ${slug} AND o.is_published`);
  return row?.slug ?? null;
}
