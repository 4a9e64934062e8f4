/** An order's courier as answers show it (orders/order-json.ts, orders/tracking.ts, the staff's order page). */
import { sql } from 'drizzle-orm';
import { BOSTA_TRACKING_PAGE } from './bosta';

/**
 * SQL building the contract's order `courier` for row `ord`: who carries it and its tracking number, with the courier's
 * own tracking page and where the parcel is when it went through a courier's API (a courier typed by hand has neither).
 */
export const orderCourierJson = sql`CASE WHEN ord.courier_name IS NOT NULL THEN
  jsonb_build_object('name', ord.courier_name, 'tracking_number', ord.tracking_number) || coalesce((
    SELECT jsonb_build_object('tracking_url', CASE cd.courier WHEN 'bosta' THEN ${BOSTA_TRACKING_PAGE} || cd.tracking_number END,
      'parcel_state', cd.parcel_state)
    FROM courier_deliveries cd WHERE cd.order_id = ord.id AND cd.tracking_number = ord.tracking_number), '{}') END`;

/** SQL building the contract's CourierDelivery of row `ord` for staff, null when it was never handed over. */
export const courierDeliveryJson = sql`(SELECT json_build_object('courier', cd.courier, 'status', cd.status,
  'tracking_number', cd.tracking_number, 'attempts', cd.attempts, 'last_error', cd.last_error, 'parcel_state', cd.parcel_state,
  'updated_at', cd.updated_at) FROM courier_deliveries cd WHERE cd.order_id = ord.id)`;
