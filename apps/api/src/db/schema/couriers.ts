import { sql } from 'drizzle-orm';
import { COURIERS, HAND_OVER_STATUSES, PARCEL_STATES } from '@attar/contract';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';
import { staffMembers } from './staff';

/**
 * An order handed to a courier through its API (decision 0049). The row is written before the courier is asked, with
 * the order number as the business reference the courier keeps: a retry after a lost answer finds the delivery the
 * first attempt created instead of creating a second. `created` always has its tracking number.
 */
export const courierDeliveries = pgTable(
  'courier_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier', { enum: COURIERS }).notNull(),
    businessReference: text('business_reference').notNull(),
    status: text('status', { enum: HAND_OVER_STATUSES }).notNull().default('requested'),
    /** The courier's own id of the delivery, and the tracking number on its waybill. */
    providerId: text('provider_id'),
    trackingNumber: text('tracking_number'),
    /** The cash the courier is to collect: the order's total for cash on delivery, else 0. */
    codPiastres: integer('cod_piastres').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Where the parcel is as the courier last said, and when the courier said it (older events are ignored). */
    parcelState: text('parcel_state', { enum: PARCEL_STATES }),
    stateAt: timestamp('state_at', { withTimezone: true }),
    requestedBy: integer('requested_by').references(() => staffMembers.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('courier_deliveries_reference_unique').on(t.courier, t.businessReference),
    unique('courier_deliveries_tracking_unique').on(t.courier, t.trackingNumber),
    check('courier_deliveries_courier_known', sql`${t.courier} IN ('bosta')`),
    check('courier_deliveries_status_known', sql`${t.status} IN ('requested', 'created', 'failed')`),
    check('courier_deliveries_tracked_when_created', sql`(${t.status} = 'created') = (${t.trackingNumber} IS NOT NULL)`),
    check('courier_deliveries_cod_nonnegative', sql`${t.codPiastres} >= 0`),
    check('courier_deliveries_attempts_nonnegative', sql`${t.attempts} >= 0`),
    check(
      'courier_deliveries_state_known',
      sql`${t.parcelState} IN ('picked_up', 'out_for_delivery', 'attempt_failed', 'delivered', 'returned')`,
    ),
  ],
);

/** Every courier event received, once: a repeated event (same parcel, state and time) is refused by the key. */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: serial('id').primaryKey(),
    courier: text('courier', { enum: COURIERS }).notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The courier's own state code. */
    state: integer('state').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** applied: it moved the parcel; stale: older than what the parcel already said; noted: nothing to do. */
    outcome: text('outcome', { enum: ['applied', 'stale', 'noted'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('courier_events_once').on(t.courier, t.trackingNumber, t.state, t.occurredAt),
    check('courier_events_outcome_known', sql`${t.outcome} IN ('applied', 'stale', 'noted')`),
  ],
);

/** A courier's settlement statement imported by staff: the cash it collected, its fees, what it paid out. */
export const courierSettlements = pgTable(
  'courier_settlements',
  {
    id: serial('id').primaryKey(),
    courier: text('courier', { enum: COURIERS }).notNull(),
    fileName: text('file_name').notNull(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (t) => [check('courier_settlements_courier_known', sql`${t.courier} IN ('bosta')`)],
);

/** A statement's line matched to an order: each order is settled once. */
export const courierSettlementLines = pgTable(
  'courier_settlement_lines',
  {
    id: serial('id').primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => courierSettlements.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    codPiastres: integer('cod_piastres').notNull(),
    feesPiastres: integer('fees_piastres').notNull(),
    paidOutPiastres: integer('paid_out_piastres').notNull(),
  },
  (t) => [
    check('courier_settlement_lines_nonnegative', sql`${t.codPiastres} >= 0 AND ${t.feesPiastres} >= 0`),
    index('courier_settlement_lines_settlement_idx').on(t.settlementId),
  ],
);
