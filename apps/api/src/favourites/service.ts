/** The shopper's favourites (wish list): a toggle and a list. */
import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import { productJson } from '../catalog/documents';
import type { CatalogContext } from '../catalog/service';
import { fieldError } from '../http/errors';
import { text } from '../i18n/catalogue';

type Ctx = CatalogContext & { userId: number };

/** Adds the product when it is not a favourite, removes it when it is; one statement, so a double click is two toggles. */
export async function toggleFavourite(ctx: Ctx, locale: Locale, productId: number) {
  const [row] = await ctx.database.rows<{ removed: number; added: number }>(sql`
    WITH removed AS (
      DELETE FROM wish_list_entries WHERE user_id = ${ctx.userId} AND product_id = ${productId} RETURNING id
    ), added AS (
      INSERT INTO wish_list_entries (user_id, product_id)
      SELECT ${ctx.userId}, id FROM products
      WHERE id = ${productId} AND is_published AND NOT EXISTS (SELECT 1 FROM removed)
      ON CONFLICT DO NOTHING RETURNING id
    )
    SELECT (SELECT count(*) FROM removed)::int AS removed, (SELECT count(*) FROM added)::int AS added`);
  if (!row?.removed && !row?.added) {
    throw fieldError('product_write', text(locale, 'productNotFound'));
  }
  return { product: productId, favorited: row.added > 0 };
}

export async function favouritesJson(ctx: Ctx, locale: Locale): Promise<string> {
  const [row] = await ctx.database.rows<{ list: string }>(sql`
    SELECT coalesce(json_agg(json_build_object('id', w.id, 'product', ${productJson(locale, ctx.mediaBase, ctx.userId)})
      ORDER BY w.created_at DESC, w.id DESC), '[]')::text AS list
    FROM wish_list_entries w JOIN products p ON p.id = w.product_id
    WHERE w.user_id = ${ctx.userId}`);
  return row?.list ?? '[]';
}
