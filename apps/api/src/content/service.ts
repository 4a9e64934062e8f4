/** Storefront content: home sliders, the shop's settings, the popup promotion, newsletter sign-ups. */
import { sql } from 'drizzle-orm';
import type { Locale, PromotionData } from '@attar/contract';
import type { Database } from '../db/client';
import type { Config } from '../config';

export async function slidersJson(database: Database, locale: Locale, mediaBase: string): Promise<string> {
  const l = sql.raw(locale);
  const [row] = await database.rows<{ list: string | null }>(sql`
    SELECT json_agg(json_build_object(
      'id', id, 'title', title_${l}, 'subtitle', subtitle_${l},
      'image_desktop', ${mediaBase}::text || image_desktop, 'image_mobile', ${mediaBase}::text || image_mobile,
      'link', link) ORDER BY position, id)::text AS list
    FROM sliders WHERE is_active`);
  return row?.list ?? '[]';
}

/** The loyalty rates (env): what a point is worth at checkout, and the spend that earns one point on delivery. */
/** What the site config carries from the server's settings: the loyalty rates and the ways to pay. */
export type ShopSettings = Pick<Config, 'pointValuePiastres' | 'piastresPerPoint' | 'paymentMethods' | 'valuMinPiastres'>;

export async function siteConfigJson(database: Database, locale: Locale, rates: ShopSettings): Promise<string | undefined> {
  const l = sql.raw(locale);
  const [row] = await database.rows<{ config: string }>(sql`
    SELECT json_build_object(
      'free_shipping_after', trim_scale(free_shipping_after_piastres::numeric / 100),
      'currency', 'LE',
      'point_value', trim_scale(${rates.pointValuePiastres}::numeric / 100),
      'spend_per_point', trim_scale(${rates.piastresPerPoint}::numeric / 100),
      'payment_methods', ${JSON.stringify(rates.paymentMethods)}::json,
      'valu_min_order', trim_scale(${rates.valuMinPiastres}::numeric / 100),
      'gift_wrap_fee', trim_scale(gift_wrap_fee_piastres::numeric / 100),
      'store_name', store_name_${l}, 'store_address', store_address_${l}, 'store_maps_url', store_maps_url,
      'phone', phone, 'email', email, 'messenger_url', messenger_url,
      'facebook_url', facebook_url, 'instagram_url', instagram_url, 'tiktok_url', tiktok_url)::text AS config
    FROM site_config WHERE id = 1`);
  return row?.config;
}

/** The newest active popup promotion, or `{}`. */
export async function popupPromotion(database: Database): Promise<PromotionData> {
  const [row] = await database.rows<{ code: string; percent_discount: number }>(sql`
    SELECT code, percent_discount FROM promotions
    WHERE is_popup AND is_active AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
    ORDER BY starts_at DESC, id DESC LIMIT 1`);
  return row ? { code: row.code, percent_discount: Number(row.percent_discount) } : {};
}

/** True when the address is new; the same address again (in any letter case) changes nothing. */
export async function subscribeToNewsletter(database: Database, email: string, locale: Locale): Promise<boolean> {
  const inserted = await database.rows(sql`
    INSERT INTO newsletter_subscriptions (email, locale) VALUES (${email.trim().toLowerCase()}, ${locale})
    ON CONFLICT (email) DO NOTHING RETURNING id`);
  return inserted.length > 0;
}
