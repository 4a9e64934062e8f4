import { sql, type SQL } from 'drizzle-orm';
import { orderCourierJson } from '../couriers/order-courier';
import type { Locale } from '@attar/contract';
import { offerJson, productJson } from '../catalog/documents';
import { balanceDueSql } from '../payments/balance';

const money = (column: string | SQL) => sql`trim_scale(${typeof column === 'string' ? sql.raw(column) : column}::numeric / 100)`;
/** SQL building the contract's OrderReturn for row `ret`. */
export const returnJson = sql`json_build_object('id', ret.id, 'status', ret.status, 'reason', ret.reason,
  'staff_message', ret.staff_message, 'created_at', ret.created_at, 'decided_at', ret.decided_at,
  'received_at', ret.received_at, 'refunded_at', ret.refunded_at,
  'lines', (SELECT coalesce(json_agg(json_build_object('item', rl.order_item_id, 'quantity', rl.quantity, 'restocked', rl.restocked)
    ORDER BY rl.order_item_id), '[]') FROM order_return_lines rl WHERE rl.return_id = ret.id))`;
const itemFields = sql`'size_ml', oi.size_ml, 'variant', oi.variant_id, 'quantity', oi.quantity, 'price', ${money('oi.price_piastres')}, 'points', oi.points,
  'refunded_quantity', oi.refunded_quantity, 'return_quantity', oi.return_quantity`;

/** SQL building the contract's order timeline (every status reached, oldest first) for row `ord`. */
export const timelineJson = sql`(SELECT coalesce(json_agg(json_build_object('status', h.to_status, 'at', h.created_at) ORDER BY h.id), '[]')
  FROM order_status_history h WHERE h.order_id = ord.id)`;

/** SQL building the contract's Order for row `ord`, items with their current product or offer, address names in `locale`. */
export function orderJson(locale: Locale, mediaBase: string, userId: number | null) {
  const l = sql.raw(locale);
  return sql`json_build_object(
    'id', ord.id, 'order_number', ord.order_number, 'status', ord.status,
    'items', (SELECT coalesce(json_agg(x.item ORDER BY x.id), '[]'::json) FROM (
        SELECT oi.id, json_build_object('id', oi.id, 'product_obj', ${productJson(locale, mediaBase, userId)}, 'offer_obj', NULL,
          ${itemFields}) AS item
        FROM order_items oi JOIN products p ON p.id = oi.product_id WHERE oi.order_id = ord.id
        UNION ALL
        SELECT oi.id, json_build_object('id', oi.id, 'product_obj', NULL, 'offer_obj', ${offerJson(locale, mediaBase, userId)},
          ${itemFields}) AS item
        FROM order_items oi JOIN offers o ON o.id = oi.offer_id WHERE oi.order_id = ord.id) x),
    'subtotal', ${money('ord.subtotal_piastres')},
    'delivery_fee', ${money('ord.delivery_fee_piastres')},
    'delivery_promise', CASE WHEN ord.promised_earliest IS NOT NULL THEN json_build_object(
      'earliest', to_char(ord.promised_earliest, 'YYYY-MM-DD'), 'latest', to_char(ord.promised_latest, 'YYYY-MM-DD')) END,
    'discount', ${money('ord.discount_piastres')},
    'points_used', ord.points_used,
    'points_discount', ${money('ord.points_discount_piastres')},
    'points_earned', ord.points_earned,
    'total', ${money('ord.total_piastres')},
    'payment_method', ord.payment_method,
    'payment_url', CASE WHEN ord.status = 'pending_payment' THEN (
      SELECT pay.redirect_url FROM payments pay WHERE pay.order_id = ord.id AND pay.status = 'pending' ORDER BY pay.id DESC LIMIT 1) END,
    'kiosk_reference', CASE WHEN ord.status = 'pending_payment' THEN (
      SELECT pay.kiosk_reference FROM payments pay WHERE pay.order_id = ord.id AND pay.status = 'pending' ORDER BY pay.id DESC LIMIT 1) END,
    'payment', (SELECT json_build_object('status', pay.status, 'refunded', ${money('pay.refunded_piastres')})
      FROM payments pay WHERE pay.order_id = ord.id ORDER BY pay.purpose = 'order' DESC, pay.id DESC LIMIT 1),
    'gift', CASE WHEN ord.gift_wrap OR ord.gift_message IS NOT NULL THEN json_build_object(
      'wrap', ord.gift_wrap, 'wrap_fee', ${money('ord.gift_wrap_fee_piastres')}, 'message', ord.gift_message) END,
    'address', (SELECT json_build_object('name', ord.address->>'name', 'phone', ord.address->>'phone',
        'region', json_build_object('id', r.id, 'name', r.name_${l}), 'city', json_build_object('id', ci.id, 'name', ci.name_${l}),
        'street', ord.address->>'street', 'building', ord.address->>'building', 'floor', ord.address->>'floor',
        'apartment', ord.address->>'apartment', 'landmark', ord.address->>'landmark')
      FROM regions r, cities ci WHERE r.id = (ord.address->>'region_id')::int AND ci.id = (ord.address->>'city_id')::int),
    'courier', ${orderCourierJson},
    'promo_code', ord.promo_code,
    'notes', ord.notes,
    'created_at', ord.created_at,
    'returnable_until', CASE WHEN ord.status = 'delivered'
      AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = ord.id AND oi.quantity > oi.refunded_quantity + oi.return_quantity)
      AND NOT EXISTS (SELECT 1 FROM order_returns ret WHERE ret.order_id = ord.id AND ret.status IN ('requested', 'approved', 'received'))
      THEN (SELECT ord.delivered_at + returns_window_days * interval '1 day' FROM site_config WHERE id = 1
        AND ord.delivered_at + returns_window_days * interval '1 day' > now()) END,
    'returns', (SELECT coalesce(json_agg(${returnJson} ORDER BY ret.id), '[]') FROM order_returns ret WHERE ret.order_id = ord.id),
    'refunds', (SELECT coalesce(json_agg(json_build_object('id', rf.id, 'amount', ${money('rf.amount_piastres')},
        'points_reversed', rf.points_reversed, 'points_returned', rf.points_returned, 'cash_method', rf.cash_method,
        'cash_reference', rf.cash_reference, 'return_id', rf.return_id, 'created_at', rf.created_at,
        'lines', (SELECT coalesce(json_agg(json_build_object('item', rfl.order_item_id, 'quantity', rfl.quantity, 'restocked', rfl.restocked)
          ORDER BY rfl.order_item_id), '[]') FROM order_refund_lines rfl WHERE rfl.refund_id = rf.id)) ORDER BY rf.id), '[]')
      FROM order_refunds rf WHERE rf.order_id = ord.id),
    'refunded', ${money('ord.refunded_piastres')},
    'timeline', ${timelineJson},
    'balance_due', ${money(balanceDueSql(sql`ord`))}
  )`;
}
