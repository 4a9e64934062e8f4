/**
 * The signed-in shopper's cart: product lines and offer lines, their totals and suggestions. Stock is checked by
 * conditional statements (insert only where the stock suffices), never read-then-write; the unique keys keep one
 * line per product or offer however many requests race.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Cart, CartExtras, CartMergeResponse, GuestCartLine, Locale } from '@attar/contract';
import type { CatalogContext } from '../catalog/service';
import { offerJson, productJson, variantJson } from '../catalog/documents';
import { ApiError, fieldError, notFound } from '../http/errors';
import { cartPromotion, promotionTerms, shownDiscount, type PricedLine } from '../promotions/service';
import { text } from '../i18n/catalogue';
import { adoptGuestExtras } from './extras';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { rowsOf } from '../db/transaction';

export type CartContext = CatalogContext & { userId: number };

/** Units of an offer its own stock and its products' stock allow. */
const offerAvailableUnits = sql`LEAST(o.stock, coalesce((
  SELECT min(v.stock / oi.quantity) FROM offer_items oi JOIN product_variants v ON v.id = oi.variant_id
  JOIN products p ON p.id = oi.product_id WHERE oi.offer_id = o.id AND p.is_published), 0))`;

function stockError(locale: Locale, available: number) {
  if (available <= 0) return new ApiError(400, 'out_of_stock', text(locale, 'outOfStock'));
  return new ApiError(400, 'insufficient_stock', text(locale, 'onlyAvailable', { available }), {
    available,
  });
}

function productLinesSql(ctx: CartContext, locale: Locale, where: SQL) {
  return sql`SELECT coalesce(json_agg(json_build_object(
      'id', l.id, 'quantity', l.quantity, 'product_obj', ${productJson(locale, ctx.mediaBase, ctx.userId)},
      'variant', ${variantJson}, 'available', p.is_published AND v.stock > 0) ORDER BY l.id), '[]'::json) AS lines,
    coalesce(sum(v.price_piastres * l.quantity) FILTER (WHERE p.is_published AND v.stock > 0), 0)::bigint AS subtotal,
    coalesce(sum(l.quantity), 0)::int AS count
    FROM cart_product_lines l JOIN products p ON p.id = l.product_id
    JOIN product_variants v ON v.id = l.variant_id JOIN sizes vs ON vs.id = v.size_id
    WHERE l.user_id = ${ctx.userId} AND ${where}`;
}

function offerLinesSql(ctx: CartContext, locale: Locale, where: SQL) {
  return sql`SELECT coalesce(json_agg(json_build_object(
      'id', l.id, 'quantity', l.quantity, 'offer_obj', ${offerJson(locale, ctx.mediaBase, ctx.userId)},
      'available', o.is_published AND ${offerAvailableUnits} > 0) ORDER BY l.id), '[]'::json) AS lines,
    coalesce(sum(o.price_piastres * l.quantity) FILTER (WHERE o.is_published AND ${offerAvailableUnits} > 0), 0)::bigint AS subtotal,
    coalesce(sum(l.quantity), 0)::int AS count
    FROM cart_offer_lines l JOIN offers o ON o.id = l.offer_id
    WHERE l.user_id = ${ctx.userId} AND ${where}`;
}

/** Lines as the SQL builds them: `reduced_from` is added after (lowerToStock). */
type LinesRow<T> = { lines: Omit<T, 'reduced_from'>[]; subtotal: string | number; count: number };

/**
 * Lowers each line to the stock now left, by one conditional update, and returns what each lowered line held: the
 * cart says so (`reduced_from`) in the answer that lowered it. A line whose item sold out or was unpublished keeps
 * its quantity and is shown unavailable.
 */
async function lowerToStock(ctx: CartContext, kind: 'product' | 'offer'): Promise<Map<number, number>> {
  const lowered = await ctx.database.rows<{ id: number; had: number }>(
    kind === 'product'
      ? sql`WITH short AS (
          SELECT l.id, l.quantity AS had, v.stock FROM cart_product_lines l
          JOIN product_variants v ON v.id = l.variant_id JOIN products p ON p.id = l.product_id
          WHERE l.user_id = ${ctx.userId} AND p.is_published AND v.stock > 0 AND l.quantity > v.stock)
        UPDATE cart_product_lines l SET quantity = short.stock FROM short
        WHERE l.id = short.id AND l.quantity = short.had RETURNING l.id, short.had`
      : sql`WITH short AS (
          SELECT l.id, l.quantity AS had, ${offerAvailableUnits} AS units FROM cart_offer_lines l JOIN offers o ON o.id = l.offer_id
          WHERE l.user_id = ${ctx.userId} AND o.is_published)
        UPDATE cart_offer_lines l SET quantity = short.units FROM short
        WHERE l.id = short.id AND short.units > 0 AND l.quantity > short.units AND l.quantity = short.had RETURNING l.id, short.had`,
  );
  return new Map(lowered.map((line) => [line.id, line.had]));
}

/** Every line of one kind, each lowered to the stock left first. */
async function linesOf<T extends { id: number; reduced_from: number | null }>(ctx: CartContext, locale: Locale, kind: 'product' | 'offer') {
  const lowered = await lowerToStock(ctx, kind);
  const query = kind === 'product' ? productLinesSql(ctx, locale, sql`true`) : offerLinesSql(ctx, locale, sql`true`);
  const row = oneRow(await ctx.database.rows<LinesRow<T>>(query));
  return { ...row, lines: row.lines.map((line) => ({ ...line, reduced_from: lowered.get(line.id) ?? null })) };
}

export const productLines = (ctx: CartContext, locale: Locale) => linesOf<Cart['products'][number]>(ctx, locale, 'product');

export const offerLines = (ctx: CartContext, locale: Locale) => linesOf<Cart['offers'][number]>(ctx, locale, 'offer');

/** The lines the cart's subtotal counts (published, in stock), each at its price × quantity: what a code discounts. */
export function pricedCartLines(rows: <T>(query: SQL) => Promise<T[]>, userId: number): Promise<PricedLine[]> {
  return rows<PricedLine>(sql`
    SELECT 'product' AS kind, l.product_id AS id, (v.price_piastres * l.quantity)::int AS piastres
    FROM cart_product_lines l JOIN products p ON p.id = l.product_id JOIN product_variants v ON v.id = l.variant_id
    WHERE l.user_id = ${userId} AND p.is_published AND v.stock > 0
    UNION ALL
    SELECT 'offer', l.offer_id, (o.price_piastres * l.quantity)::int FROM cart_offer_lines l JOIN offers o ON o.id = l.offer_id
    WHERE l.user_id = ${userId} AND o.is_published AND ${offerAvailableUnits} > 0`);
}

export async function cartOf(ctx: CartContext, locale: Locale): Promise<Cart> {
  const [products, offers, [config], promotion] = await Promise.all([
    productLines(ctx, locale),
    offerLines(ctx, locale),
    ctx.database.rows<Pick<TableRow<typeof tables.siteConfig>, 'free_shipping_after_piastres' | 'piastres_per_point'>>(
      sql`SELECT free_shipping_after_piastres, piastres_per_point FROM site_config WHERE id = 1`,
    ),
    cartPromotion(ctx.database, locale, ctx.userId),
  ]);
  const subtotal = Number(products.subtotal) + Number(offers.subtotal);
  const rows = <T>(query: SQL) => ctx.database.rows<T>(query);
  const discount = promotion ? await shownDiscount(rows, promotion, await pricedCartLines(rows, ctx.userId)) : 0;
  const total = subtotal - discount;
  const freeAfter = config?.free_shipping_after_piastres ?? 0;
  return {
    products: products.lines,
    offers: offers.lines,
    count: products.count + offers.count,
    subtotal: subtotal / 100,
    discount: discount / 100,
    promotion: promotion && promotionTerms(promotion),
    free_shipping_after: freeAfter / 100,
    remaining_for_free_shipping: Math.max(0, freeAfter - total) / 100,
    total: total / 100,
    points_earned: config ? Math.floor(total / config.piastres_per_point) : 0,
  };
}

/** SQL naming a product's size: the one asked for (if it is the product's), or its default size. */
export const sizeOf = (productId: number, variantId: number | undefined) =>
  variantId === undefined ? sql`v.product_id = ${productId} AND v.is_default` : sql`v.product_id = ${productId} AND v.id = ${variantId}`;

/** Sets a product line's quantity (creating it), if the size has that much stock. Returns the line. */
export async function setProductLine(ctx: CartContext, locale: Locale, productId: number, variantId: number | undefined, quantity: number) {
  const [row] = await ctx.database.rows<{ line_id: number | null; stock: number | null; product: boolean }>(sql`
    WITH target AS (
      SELECT v.id, v.product_id, v.stock, p.is_published FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE ${sizeOf(productId, variantId)}),
    upsert AS (
      INSERT INTO cart_product_lines (user_id, product_id, variant_id, quantity)
      SELECT ${ctx.userId}, product_id, id, ${quantity} FROM target WHERE is_published AND stock >= ${quantity}
      ON CONFLICT (user_id, variant_id) DO UPDATE SET quantity = excluded.quantity
      RETURNING id)
    SELECT (SELECT id FROM upsert) AS line_id, (SELECT stock FROM target) AS stock,
      EXISTS (SELECT 1 FROM products WHERE id = ${productId} AND is_published) AS product`);
  if (!row?.line_id) {
    if (!row?.product) throw fieldError('product', text(locale, 'productNotFound'));
    if (row.stock == null) throw fieldError('variant', text(locale, 'sizeNotFound'));
    throw stockError(locale, row.stock);
  }
  const line = oneRow(
    await ctx.database.rows<LinesRow<Cart['products'][number]>>(productLinesSql(ctx, locale, sql`l.id = ${row.line_id}`)),
  );
  return { ...oneRow(line.lines), reduced_from: null };
}

/** Sets an offer line's quantity, if the offer and each of its products have stock for that many bundles. */
export async function setOfferLine(ctx: CartContext, locale: Locale, offerId: number, quantity: number) {
  const [row] = await ctx.database.rows<{ line_id: number | null; units: number | null; published: boolean | null }>(sql`
    WITH target AS (SELECT o.id, o.is_published, ${offerAvailableUnits} AS units FROM offers o WHERE o.id = ${offerId}),
    upsert AS (
      INSERT INTO cart_offer_lines (user_id, offer_id, quantity)
      SELECT ${ctx.userId}, id, ${quantity} FROM target WHERE is_published AND units >= ${quantity}
      ON CONFLICT (user_id, offer_id) DO UPDATE SET quantity = excluded.quantity
      RETURNING id)
    SELECT (SELECT id FROM upsert) AS line_id, (SELECT units FROM target) AS units, (SELECT is_published FROM target) AS published`);
  if (!row?.line_id) {
    if (row?.units == null || !row.published) throw fieldError('offer', text(locale, 'offerNotFound'));
    throw stockError(locale, row.units);
  }
  const line = oneRow(await ctx.database.rows<LinesRow<Cart['offers'][number]>>(offerLinesSql(ctx, locale, sql`l.id = ${row.line_id}`)));
  return { ...oneRow(line.lines), reduced_from: null };
}

/** Deletes one of the caller's lines; another shopper's line id is 404 and nothing changes. */
export async function removeLine(ctx: CartContext, locale: Locale, kind: 'product' | 'offer', lineId: number) {
  const table = kind === 'product' ? sql`cart_product_lines` : sql`cart_offer_lines`;
  const removed = await ctx.database.rows(sql`DELETE FROM ${table} WHERE id = ${lineId} AND user_id = ${ctx.userId} RETURNING id`);
  if (!removed.length) throw notFound(text(locale, 'cartLineNotFound'));
}

/**
 * Joins a guest's local cart to the account's cart in one transaction: quantities are added and capped at what is
 * available; every line that could not be added in full is reported.
 */
export async function mergeGuestCart(
  ctx: CartContext,
  locale: Locale,
  guest: { products: GuestCartLine[]; offers: GuestCartLine[]; extras?: CartExtras },
): Promise<CartMergeResponse> {
  const adjustments: CartMergeResponse['adjustments'] = [];
  await ctx.database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    for (const kind of ['product', 'offer'] as const) {
      for (const { id, variant, quantity } of kind === 'product' ? guest.products : guest.offers) {
        // Lock the item's row (a product's size) so two merges (two tabs) cannot both take the last units.
        const [item] = await rows<{ key: number; available: number; published: boolean; name: string }>(
          kind === 'product'
            ? sql`SELECT v.id AS key, v.stock AS available, p.is_published AS published, p.name_${sql.raw(locale)} AS name
                FROM product_variants v JOIN products p ON p.id = v.product_id WHERE ${sizeOf(id, variant)} FOR UPDATE OF v`
            : sql`SELECT o.id AS key, ${offerAvailableUnits} AS available, o.is_published AS published, o.name_${sql.raw(locale)} AS name FROM offers o WHERE o.id = ${id} FOR UPDATE`,
        );
        if (!item || !item.published) {
          adjustments.push({ kind, id, name: item?.name ?? null, requested: quantity, added: 0, reason: 'unavailable' });
          continue;
        }
        const table = kind === 'product' ? sql`cart_product_lines` : sql`cart_offer_lines`;
        const column = kind === 'product' ? sql`variant_id` : sql`offer_id`;
        const [existing] = await rows<{ quantity: number }>(
          sql`SELECT quantity FROM ${table} WHERE user_id = ${ctx.userId} AND ${column} = ${item.key} FOR UPDATE`,
        );
        const had = existing?.quantity ?? 0;
        const target = Math.min(had + quantity, item.available);
        if (target > had) {
          await rows(
            kind === 'product'
              ? sql`INSERT INTO cart_product_lines (user_id, product_id, variant_id, quantity) VALUES (${ctx.userId}, ${id}, ${item.key}, ${target})
                  ON CONFLICT (user_id, variant_id) DO UPDATE SET quantity = excluded.quantity`
              : sql`INSERT INTO cart_offer_lines (user_id, offer_id, quantity) VALUES (${ctx.userId}, ${id}, ${target})
                  ON CONFLICT (user_id, offer_id) DO UPDATE SET quantity = excluded.quantity`,
          );
        }
        const added = Math.max(0, target - had);
        if (added < quantity) {
          adjustments.push({
            kind,
            id,
            name: item.name,
            requested: quantity,
            added,
            reason: item.available <= 0 ? 'out_of_stock' : 'limited_stock',
          });
        }
      }
    }
    if (guest.extras) await adoptGuestExtras(rows, ctx.userId, guest.extras);
  });
  return { cart: await cartOf(ctx, locale), adjustments };
}

/**
 * "You may also like": in-stock products not in the cart, scored by likeness to the shopper's favourites and cart
 * (favourites themselves first, then same family, shared notes, same category).
 */
export async function suggestionsJson(ctx: CartContext, locale: Locale, limit = 12): Promise<string> {
  const [row] = await ctx.database.rows<{ list: string }>(sql`
    WITH favourites AS (SELECT product_id FROM wish_list_entries WHERE user_id = ${ctx.userId}),
    in_cart AS (SELECT product_id FROM cart_product_lines WHERE user_id = ${ctx.userId}),
    seeds AS (SELECT product_id FROM favourites UNION SELECT product_id FROM in_cart),
    seed_products AS (SELECT family_id, category_id FROM products WHERE id IN (SELECT product_id FROM seeds)),
    seed_notes AS (SELECT DISTINCT note_id FROM product_notes WHERE product_id IN (SELECT product_id FROM seeds)),
    candidates AS (
      SELECT p.id, (p.id IN (SELECT product_id FROM favourites))::int * 8
        + (p.family_id IN (SELECT family_id FROM seed_products))::int * 3
        + (SELECT count(*) FROM product_notes pn WHERE pn.product_id = p.id AND pn.note_id IN (SELECT note_id FROM seed_notes))::int
        + (p.category_id IN (SELECT category_id FROM seed_products))::int AS score
      FROM products p
      WHERE p.is_published AND p.stock > 0 AND p.id NOT IN (SELECT product_id FROM in_cart)
        AND (p.family_id IN (SELECT family_id FROM seed_products) OR p.category_id IN (SELECT category_id FROM seed_products)
             OR p.id IN (SELECT product_id FROM favourites))
      ORDER BY score DESC, p.id LIMIT ${limit}
    )
    SELECT coalesce(json_agg(${productJson(locale, ctx.mediaBase, ctx.userId)} ORDER BY s.score DESC, p.id), '[]')::text AS list
    FROM candidates s JOIN products p ON p.id = s.id`);
  return row?.list ?? '[]';
}
