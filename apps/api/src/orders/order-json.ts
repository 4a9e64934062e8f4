import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import { offerJson } from '../catalog/service';
import { productJoins, productJson } from '../catalog/product-json';

const money = (column: string) => sql`trim_scale(${sql.raw(column)}::numeric / 100)`;

/** SQL building the contract's Order for row `ord`, items with their current product or offer, address names in `locale`. */
export function orderJson(locale: Locale, mediaBase: string, userId: number | null) {
  const l = sql.raw(locale);
  return sql`json_build_object(
    'id', ord.id, 'order_number', ord.order_number, 'status', ord.status,
    'items', (SELECT coalesce(json_agg(x.item ORDER BY x.id), '[]'::json) FROM (
        SELECT oi.id, json_build_object('id', oi.id, 'product_obj', ${productJson(locale, mediaBase, userId)}, 'offer_obj', NULL,
          'quantity', oi.quantity, 'price', ${money('oi.price_piastres')}, 'points', oi.points) AS item
        FROM order_items oi JOIN products p ON p.id = oi.product_id ${productJoins} WHERE oi.order_id = ord.id
        UNION ALL
        SELECT oi.id, json_build_object('id', oi.id, 'product_obj', NULL, 'offer_obj', ${offerJson(locale, mediaBase, userId)},
          'quantity', oi.quantity, 'price', ${money('oi.price_piastres')}, 'points', oi.points) AS item
        FROM order_items oi JOIN offers o ON o.id = oi.offer_id WHERE oi.order_id = ord.id) x),
    'subtotal', ${money('ord.subtotal_piastres')},
    'delivery_fee', ${money('ord.delivery_fee_piastres')},
    'discount', ${money('ord.discount_piastres')},
    'points_used', ord.points_used,
    'points_discount', ${money('ord.points_discount_piastres')},
    'points_earned', ord.points_earned,
    'total', ${money('ord.total_piastres')},
    'payment_method', ord.payment_method,
    'payment_url', CASE WHEN ord.status = 'pending_payment' THEN (
      SELECT pay.redirect_url FROM payments pay WHERE pay.order_id = ord.id AND pay.status = 'pending' ORDER BY pay.id DESC LIMIT 1) END,
    'payment', (SELECT json_build_object('status', pay.status, 'refunded', ${money('pay.refunded_piastres')})
      FROM payments pay WHERE pay.order_id = ord.id ORDER BY pay.id DESC LIMIT 1),
    'address', (SELECT json_build_object('name', ord.address->>'name', 'phone', ord.address->>'phone',
        'region', json_build_object('id', r.id, 'name', r.name_${l}), 'city', json_build_object('id', ci.id, 'name', ci.name_${l}),
        'street', ord.address->>'street', 'building', ord.address->>'building', 'floor', ord.address->>'floor',
        'apartment', ord.address->>'apartment', 'landmark', ord.address->>'landmark')
      FROM regions r, cities ci WHERE r.id = (ord.address->>'region_id')::int AND ci.id = (ord.address->>'city_id')::int),
    'courier', CASE WHEN ord.courier_name IS NOT NULL THEN json_build_object('name', ord.courier_name, 'tracking_number', ord.tracking_number) END,
    'promo_code', ord.promo_code,
    'notes', ord.notes,
    'created_at', ord.created_at
  )`;
}
