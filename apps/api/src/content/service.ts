/** Storefront content: home sliders, the shop's settings, the information pages, the popup promotion. */
import { sql } from 'drizzle-orm';
import type { InfoPageSlug, Locale, PromotionData } from '@attar/contract';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { Config } from '../config';
import { limitedTo } from '../promotions/service';

/** The active sliders inside their window (either end open), in the storefront's order. */
export async function slidersJson(database: Database, locale: Locale, mediaBase: string): Promise<string> {
  const l = sql.raw(locale);
  const [row] = await database.rows<{ list: string | null }>(sql`
    SELECT json_agg(json_build_object(
      'id', id, 'title', title_${l}, 'subtitle', subtitle_${l},
      'image_desktop', ${mediaBase}::text || image_desktop, 'image_mobile', ${mediaBase}::text || image_mobile,
      'link', link, 'alt', alt_${l}) ORDER BY position, id)::text AS list
    FROM sliders WHERE is_active AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())`);
  return row?.list ?? '[]';
}

/** What the site config carries from the server's settings: the ways to pay (the rest is the `site_config` row). */
export type ShopSettings = Pick<Config, 'paymentMethods' | 'valuMinPiastres'>;

export async function siteConfigJson(database: Database, locale: Locale, settings: ShopSettings): Promise<string | undefined> {
  const l = sql.raw(locale);
  const [row] = await database.rows<{ config: string }>(sql`
    SELECT json_build_object(
      'free_shipping_after', trim_scale(free_shipping_after_piastres::numeric / 100),
      'currency', 'LE',
      'point_value', trim_scale(point_value_piastres::numeric / 100),
      'spend_per_point', trim_scale(piastres_per_point::numeric / 100),
      'payment_methods', ${JSON.stringify(settings.paymentMethods)}::json,
      'valu_min_order', trim_scale(${settings.valuMinPiastres}::numeric / 100),
      'gift_wrap_fee', trim_scale(gift_wrap_fee_piastres::numeric / 100),
      'store_name', store_name_${l}, 'store_address', store_address_${l}, 'store_maps_url', store_maps_url,
      'phone', phone, 'email', email, 'messenger_url', messenger_url,
      'facebook_url', facebook_url, 'instagram_url', instagram_url, 'tiktok_url', tiktok_url, 'whatsapp_url', whatsapp_url,
      'returns_window_days', returns_window_days)::text AS config
    FROM site_config WHERE id = 1`);
  return row?.config;
}

/** The spend that earns one loyalty point, in piastres: the shop's setting, as a delivered order earns them. */
export async function piastresPerPoint(database: Database): Promise<number> {
  const [row] = await database.rows<Pick<TableRow<typeof tables.siteConfig>, 'piastres_per_point'>>(
    sql`SELECT piastres_per_point FROM site_config WHERE id = 1`,
  );
  if (!row) throw new Error('The shop has no settings (site_config) yet.');
  return row.piastres_per_point;
}

/** An information page in the asked language, its body the page's markup; undefined when there is no such page. */
export async function infoPageJson(database: Database, locale: Locale, slug: InfoPageSlug): Promise<string | undefined> {
  const l = sql.raw(locale);
  const [row] = await database.rows<{ page: string }>(sql`
    SELECT json_build_object('slug', slug, 'title', title_${l}, 'body', body_${l}, 'updated_at', updated_at)::text AS page
    FROM info_pages WHERE slug = ${slug}`);
  return row?.page;
}

/** The newest active popup promotion with its terms, or `{}`. */
export async function popupPromotion(database: Database): Promise<PromotionData> {
  const [row] = await database.rows<{ terms: PromotionData }>(sql`
    SELECT json_build_object('code', p.code, 'percent_discount', coalesce(p.percent_discount, 0), 'discount_kind', p.discount_kind,
      'amount_off', (p.amount_piastres / 100.0)::float8, 'min_order', (p.min_order_piastres / 100.0)::float8,
      'applies_to', json_build_object('categories', ${limitedTo.categories}, 'products', ${limitedTo.products})) AS terms
    FROM promotions p
    WHERE p.is_popup AND p.is_active AND p.starts_at <= now() AND (p.ends_at IS NULL OR p.ends_at > now())
    ORDER BY p.starts_at DESC, p.id DESC LIMIT 1`);
  return row?.terms ?? {};
}
