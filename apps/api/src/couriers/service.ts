/**
 * Orders handed to a courier through its API, and what the courier then tells of each parcel (decision 0049).
 *
 * Hand-over: staff ask for confirmed or packed orders; each gets its `courier_deliveries` row (the order number as the
 * business reference) in one transaction with the audit entry, then a job (couriers/queue.ts) asks the courier. A
 * retry first looks the reference up at the courier, so an attempt whose answer was lost never makes a second
 * delivery; the tracking number is recorded on the order with the row, in one transaction. Staff see the attempts and
 * the last error, and may ask again once it has failed.
 *
 * Events: each is recorded once (`courier_events_once`); an event older than the parcel's last one changes nothing.
 * Picked up ships the order, delivered delivers it (with the cash the courier collected for cash on delivery), a failed
 * attempt asks the shopper to reschedule, and a parcel returned to the shop cancels the order (stock, points and the
 * promotion's use come back through the order's process, orders/process.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CourierName, Locale, OrderStatus, ParcelState, StaffHandOverRequest } from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { inTransaction, type Rows } from '../db/transaction';
import { balanceDueSql, balanceOwed } from '../payments/balance';
import { ApiError } from '../http/errors';
import { text } from '../i18n/catalogue';
import { queueOrderMessage } from '../messages/outbox';
import { transitionIn } from '../orders/process';
import { refundOrder } from '../payments/service';
import { bostaApi } from './bosta';
import type { CourierApi, ParcelEvent } from './courier';
import { rowOrNotFound } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

export type CouriersContext = { database: Database; config: Config; log: FastifyBaseLogger };

/** How many times a hand-over is tried (the queue backs off between them) before staff are asked to retry. */
export const HAND_OVER_ATTEMPTS = 6;

/** The courier's API, or null when it is not set up (production without its settings). */
export function courierApi(config: Pick<Config, 'bosta'>, courier: CourierName): CourierApi | null {
  return courier === 'bosta' && config.bosta ? bostaApi(config.bosta) : null;
}

export function requireCourier(config: Pick<Config, 'bosta'>, courier: CourierName, locale: Locale): CourierApi {
  const api = courierApi(config, courier);
  if (!api) throw new ApiError(400, 'courier_not_configured', text(locale, 'courierNotConfigured'));
  return api;
}

/** Where a hand-over's jobs go: the queue in a running shop (couriers/queue.ts). */
export type HandOverQueue = { send(orderIds: number[]): Promise<void> };

/**
 * Records a hand-over for each order (confirmed or packed, not already with a courier or failed there before) with its
 * audit entry, each on its own; then queues the courier's calls for those recorded.
 */
export async function handOver(ctx: CouriersContext, queue: HandOverQueue, staffId: number, locale: Locale, input: StaffHandOverRequest) {
  const api = requireCourier(ctx.config, input.courier, locale);
  const queued: number[] = [];
  const failed: { id: number; code: string; detail: string }[] = [];
  for (const orderId of input.orders) {
    try {
      await inTransaction(ctx.database, async (rows) => {
        const order = rowOrNotFound(
          await rows<Pick<TableRow<typeof tables.orders>, 'status' | 'order_number'> & { cod: number; balance_due: number }>(sql`
          SELECT status, order_number, CASE WHEN payment_method = 'cod' THEN total_piastres ELSE 0 END AS cod,
            ${balanceDueSql(sql`orders`)} AS balance_due
          FROM orders WHERE id = ${orderId} FOR UPDATE`),
          text(locale, 'notFound'),
        );
        if (order.status !== 'confirmed' && order.status !== 'packed') {
          throw new ApiError(400, 'not_ready_for_courier', text(locale, 'handOverNotReady'));
        }
        // Paid online, the courier collects nothing: what the order still owes is paid by its link before it leaves.
        if (order.balance_due > 0) throw balanceOwed(locale, order.balance_due);
        // A failed hand-over is asked again; one under way or done is not.
        const [row] = await rows<Pick<TableRow<typeof tables.courierDeliveries>, 'id'>>(sql`
          INSERT INTO courier_deliveries (order_id, courier, business_reference, cod_piastres, requested_by)
          VALUES (${orderId}, ${input.courier}, ${order.order_number}, ${order.cod}, ${staffId})
          ON CONFLICT (order_id) DO UPDATE SET status = 'requested', attempts = 0, last_error = NULL, updated_at = now(),
            requested_by = EXCLUDED.requested_by
            WHERE courier_deliveries.status = 'failed' AND courier_deliveries.courier = EXCLUDED.courier
          RETURNING id`);
        if (!row) throw new ApiError(409, 'already_with_courier', text(locale, 'handOverExists'));
        await recordAudit(rows, {
          staffId,
          action: 'order.hand_over',
          entity: 'order',
          entityId: orderId,
          after: { courier_name: api.displayName },
        });
      });
      queued.push(orderId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed.push({ id: orderId, code: error.code, detail: error.detail });
    }
  }
  if (queued.length) await queue.send(queued);
  return { queued, failed };
}

/** A hand-over waiting for its attempt, the order's address typed as the (untyped) jsonb column holds it. */
type Pending = Pick<
  TableRow<typeof tables.courierDeliveries>,
  'order_id' | 'courier' | 'business_reference' | 'cod_piastres' | 'attempts'
> & {
  address: Record<string, string | null>;
  region_slug: string;
  region: string;
  city: string;
  email: string | null;
  items: number;
};

/** An Egyptian mobile as couriers take it: 01xxxxxxxxx. */
const localMobile = (phone: string) => phone.replace(/^\+?20(?=1\d{9}$)/, '0');

/**
 * One attempt at a recorded hand-over (the queue's job): counts the attempt, finds or creates the delivery at the
 * courier, and records its tracking number on the row and the order together. Throws while attempts remain, for the
 * queue to retry later; the last failure marks the row failed for staff. Nothing to do for a row not waiting.
 */
export async function attemptHandOver(ctx: CouriersContext, orderId: number): Promise<'created' | 'failed' | 'nothing'> {
  const [pending] = await ctx.database.rows<Pending>(sql`
    UPDATE courier_deliveries cd SET attempts = cd.attempts + 1, updated_at = now()
    FROM orders o JOIN regions r ON r.id = (o.address->>'region_id')::int JOIN cities ci ON ci.id = (o.address->>'city_id')::int
      LEFT JOIN users u ON u.id = o.user_id
    WHERE cd.order_id = ${orderId} AND cd.status = 'requested' AND o.id = cd.order_id
    RETURNING cd.order_id, cd.courier, cd.business_reference, cd.cod_piastres, cd.attempts, o.address, r.slug AS region_slug,
      r.name_en AS region, ci.name_en AS city, coalesce(u.email, o.guest_email) AS email,
      (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = o.id) AS items`);
  if (!pending) return 'nothing';
  const api = courierApi(ctx.config, pending.courier);
  try {
    if (!api) throw new Error('the courier is not set up');
    const { address } = pending;
    // Only a retry can find one: the first attempt's answer may have been lost after the courier created it.
    const found = pending.attempts > 1 ? await api.findDelivery(pending.business_reference) : null;
    const delivery =
      found ??
      (await api.createDelivery({
        businessReference: pending.business_reference,
        receiver: { name: address.name ?? '', phone: localMobile(address.phone ?? ''), email: pending.email },
        address: {
          governorateSlug: pending.region_slug,
          governorate: pending.region,
          city: pending.city,
          street: address.street ?? '',
          building: address.building ?? null,
          floor: address.floor ?? null,
          apartment: address.apartment ?? null,
          landmark: address.landmark ?? null,
        },
        codPiastres: pending.cod_piastres,
        description: text('en', 'courierPackageDescription', { number: pending.business_reference }),
        itemsCount: Math.max(1, pending.items),
      }));
    await inTransaction(ctx.database, async (rows) => {
      const [recorded] = await rows<Pick<TableRow<typeof tables.courierDeliveries>, 'order_id'>>(sql`
        UPDATE courier_deliveries SET status = 'created', tracking_number = ${delivery.trackingNumber},
          provider_id = ${delivery.providerId}, last_error = NULL, updated_at = now()
        WHERE order_id = ${orderId} AND status = 'requested' RETURNING order_id`);
      if (!recorded) return;
      await rows(sql`UPDATE orders SET courier_name = ${api.displayName}, tracking_number = ${delivery.trackingNumber},
        version = version + 1, updated_at = now() WHERE id = ${orderId}`);
    });
    ctx.log.info({ orderId, trackingNumber: delivery.trackingNumber, found: found !== null }, 'courier delivery recorded');
    return 'created';
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    const last = pending.attempts >= HAND_OVER_ATTEMPTS;
    await ctx.database.rows(sql`
      UPDATE courier_deliveries SET last_error = ${message}, updated_at = now() ${last ? sql`, status = 'failed'` : sql``}
      WHERE order_id = ${orderId} AND status = 'requested'`);
    ctx.log.warn({ orderId, attempt: pending.attempts, err: error }, 'courier hand-over failed');
    if (last) return 'failed';
    throw error;
  }
}

/** The waybill PDF of handed-over orders (all with the same courier). */
export async function waybill(ctx: CouriersContext, locale: Locale, orderIds: number[]) {
  const rows = await ctx.database.rows<Pick<TableRow<typeof tables.courierDeliveries>, 'courier' | 'tracking_number'>>(sql`
    SELECT courier, tracking_number FROM courier_deliveries WHERE order_id = ANY(${sql.param(orderIds)}::int[])`);
  const trackingNumbers = rows.flatMap((row) => (row.tracking_number === null ? [] : [row.tracking_number]));
  if (rows.length !== orderIds.length || trackingNumbers.length !== rows.length) {
    throw new ApiError(400, 'waybill_not_ready', text(locale, 'waybillNotReady'));
  }
  const courier = rows[0]?.courier;
  if (courier === undefined || rows.some((row) => row.courier !== courier)) {
    throw new ApiError(400, 'waybill_not_ready', text(locale, 'waybillOneCourier'));
  }
  const api = requireCourier(ctx.config, courier, locale);
  return unavailableAs(locale, () => api.waybill(trackingNumbers));
}

export async function requestPickup(ctx: CouriersContext, locale: Locale, courier: CourierName, date: string, timeSlot: string) {
  const api = requireCourier(ctx.config, courier, locale);
  return unavailableAs(locale, () => api.requestPickup({ date, timeSlot }));
}

/** The courier not answering is the courier's trouble, not a fault of ours: 502 in the contract's shape. */
async function unavailableAs<T>(locale: Locale, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(502, 'courier_unavailable', text(locale, 'courierUnavailable'));
  }
}

type Tracked = Pick<TableRow<typeof tables.courierDeliveries>, 'order_id' | 'cod_piastres' | 'state_at'> &
  Pick<TableRow<typeof tables.orders>, 'status' | 'payment_method' | 'locale'>;

/** What an event did: applied, or why it changed nothing. */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'noted';

/** Moves the order through each status up to `to` that it has not reached (a pickup the courier never told). */
async function moveTo(rows: Rows, settings: Config, locale: Locale, order: Tracked, path: OrderStatus[]) {
  const steps = path.slice(path.indexOf(order.status) + 1);
  for (const to of steps) await transitionIn(rows, settings, locale, order.order_id, to);
}

const SHIPPING: OrderStatus[] = ['packed', 'shipped'];

/**
 * Applies one courier event in one transaction: 404 for a parcel the shop does not know (nothing recorded); a repeated
 * or older event is recorded as such and changes nothing. A returned parcel of a paid order is refunded once the
 * cancellation has committed.
 */
export async function applyCourierEvent(ctx: CouriersContext, api: CourierApi, event: ParcelEvent): Promise<EventOutcome> {
  const outcome = await inTransaction(ctx.database, async (rows): Promise<EventOutcome> => {
    const [parcel] = await rows<Tracked>(sql`
      SELECT cd.order_id, o.status, o.payment_method, cd.cod_piastres, cd.state_at, o.locale
      FROM courier_deliveries cd JOIN orders o ON o.id = cd.order_id
      WHERE cd.courier = ${api.name} AND cd.tracking_number = ${event.trackingNumber} FOR UPDATE OF cd, o`);
    if (!parcel) throw new ApiError(404, 'unknown_parcel', text('en', 'unknownParcel'));
    const stale = parcel.state_at !== null && new Date(parcel.state_at) >= event.occurredAt;
    const told: EventOutcome = event.state === null ? 'noted' : stale ? 'stale' : 'applied';
    const [recorded] = await rows<Pick<TableRow<typeof tables.courierEvents>, 'id'>>(sql`
      INSERT INTO courier_events (courier, tracking_number, state, occurred_at, outcome)
      VALUES (${api.name}, ${event.trackingNumber}, ${event.code}, ${event.occurredAt.toISOString()}, ${told})
      ON CONFLICT ON CONSTRAINT courier_events_once DO NOTHING RETURNING id`);
    if (!recorded) return 'duplicate';
    // Applied only for an event with a state.
    if (told !== 'applied' || event.state === null) return told;
    await applyState(rows, ctx.config, parcel, event, event.state);
    await rows(sql`UPDATE courier_deliveries SET parcel_state = ${event.state}, state_at = ${event.occurredAt.toISOString()},
      updated_at = now() WHERE order_id = ${parcel.order_id}`);
    return 'applied';
  });
  if (outcome === 'applied' && event.state === 'returned') {
    const [parcel] = await ctx.database.rows<Pick<TableRow<typeof tables.courierDeliveries>, 'order_id'>>(sql`
      SELECT cd.order_id FROM courier_deliveries cd WHERE cd.courier = ${api.name} AND cd.tracking_number = ${event.trackingNumber}`);
    if (parcel) await refundOrder(ctx, parcel.order_id, 'returned_by_courier');
  }
  return outcome;
}

async function applyState(rows: Rows, config: Config, parcel: Tracked, event: ParcelEvent, state: ParcelState) {
  const locale = parcel.locale;
  // Only an order on its way moves: one cancelled or delivered meanwhile keeps what it is.
  const onItsWay = (['confirmed', 'packed', 'shipped'] as OrderStatus[]).includes(parcel.status);
  if (state === 'picked_up' || state === 'out_for_delivery') {
    if (onItsWay) await moveTo(rows, config, locale, parcel, SHIPPING);
  } else if (state === 'delivered') {
    if (!onItsWay) return;
    await moveTo(rows, config, locale, parcel, SHIPPING);
    if (parcel.payment_method === 'cod') {
      // The courier's word for what it collected, else what it was asked to collect.
      await rows(sql`UPDATE orders SET cash_collected_piastres = ${event.collectedPiastres ?? parcel.cod_piastres}
        WHERE id = ${parcel.order_id}`);
    }
    await transitionIn(rows, config, locale, parcel.order_id, 'delivered');
  } else if (state === 'attempt_failed') {
    await queueOrderMessage(rows, config, {
      orderId: parcel.order_id,
      event: 'delivery_attempt_failed',
      attempt: String(event.occurredAt.getTime()),
    });
  } else if (onItsWay) {
    await rows(sql`UPDATE orders SET status_reason = ${text(locale, 'returnedByCourier')} WHERE id = ${parcel.order_id}`);
    await transitionIn(rows, config, locale, parcel.order_id, 'cancelled');
  }
}
