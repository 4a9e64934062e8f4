/**
 * An order's signed links (http/signed-tokens.ts, scope `order`): the tracking link, which anyone holding it may follow
 * for as long as the order exists, and the guest's proof from checkout that lets them keep the order in a new account
 * (guest-claim.ts), which works for a day. Both name the order by its number, so neither opens another order.
 */
import { sql } from 'drizzle-orm';
import { orderCourierJson } from '../couriers/order-courier';
import type { Locale, OrderTracking } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ApiError, notFound } from '../http/errors';
import { readToken, signToken } from '../http/signed-tokens';
import { text } from '../i18n/catalogue';
import { storefrontLink } from '../messages/links';
import { timelineJson } from './order-json';

/** How long the guest's proof from checkout lets them keep the order in a new account. */
export const CLAIM_HOURS = 24;

export const trackingToken = (secret: string, orderNumber: string) => signToken(secret, 'order', 'track', orderNumber);
export const claimToken = (secret: string, orderNumber: string, now = Date.now()) =>
  signToken(secret, 'order', 'claim', orderNumber, now + CLAIM_HOURS * 3_600_000);

/** The storefront's public tracking page of one order, in `locale`. */
export const orderTrackingUrl = (config: Pick<Config, 'storefrontUrl' | 'secretKey'>, locale: Locale, orderNumber: string) =>
  storefrontLink(config, locale, '/track', { token: trackingToken(config.secretKey, orderNumber) });

/** What the guest who placed an order is given with it: its tracking page and the proof to keep it in an account. */
export const guestAccess = (config: Pick<Config, 'storefrontUrl' | 'secretKey'>, locale: Locale, orderNumber: string) => ({
  tracking_url: orderTrackingUrl(config, locale, orderNumber),
  claim_token: claimToken(config.secretKey, orderNumber),
});

/** The order a tracking token was signed for, as the public page shows it (names in `locale`); 400 for a bad token. */
export async function trackOrder(database: Database, config: Pick<Config, 'secretKey'>, locale: Locale, token: string) {
  const check = readToken(config.secretKey, 'order', 'track', token);
  if (!check.ok) throw new ApiError(400, 'invalid_link', text(locale, 'trackingLinkInvalid'));
  const l = sql.raw(locale);
  const [row] = await database.rows<{ tracking: OrderTracking }>(sql`
    SELECT json_build_object(
      'order_number', ord.order_number, 'status', ord.status, 'created_at', ord.created_at,
      'items', (SELECT coalesce(json_agg(json_build_object('name', coalesce(p.name_${l}, ofr.name_${l}), 'size_ml', oi.size_ml,
          'quantity', oi.quantity) ORDER BY oi.id), '[]')
        FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id LEFT JOIN offers ofr ON ofr.id = oi.offer_id
        WHERE oi.order_id = ord.id),
      'region', (SELECT json_build_object('id', r.id, 'name', r.name_${l}) FROM regions r WHERE r.id = ord.region_id),
      'courier', ${orderCourierJson},
      'timeline', ${timelineJson}) AS tracking
    FROM orders ord WHERE ord.order_number = ${check.subject}`);
  if (!row) throw notFound(text(locale, 'orderNotFound'));
  return row.tracking;
}
