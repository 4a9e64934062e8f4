/**
 * Couriers (decision 0049): handing orders to a courier's API (Bosta first), what the courier tells of each parcel, and
 * the courier's settlement of the cash it collected. Staff calls under `/api/staff/couriers/…`.
 */
import { z } from 'zod';
import { Id, Money } from './common';

/** The couriers the shop hands parcels to through their API (a courier typed by hand is any name). */
export const COURIERS = ['bosta'] as const;
export const CourierName = z.enum(COURIERS);
export type CourierName = z.infer<typeof CourierName>;

/** A hand-over: requested (the courier's answer awaited, retried), created (tracking number recorded), or failed. */
export const HAND_OVER_STATUSES = ['requested', 'created', 'failed'] as const;
export const HandOverStatus = z.enum(HAND_OVER_STATUSES);

/** Where the parcel is, as the courier last said. */
export const PARCEL_STATES = ['picked_up', 'out_for_delivery', 'attempt_failed', 'delivered', 'returned'] as const;
export const ParcelState = z.enum(PARCEL_STATES);
export type ParcelState = z.infer<typeof ParcelState>;

/** An order's hand-over to a courier, on the staff's order page. */
export const CourierDelivery = z.object({
  courier: CourierName,
  status: HandOverStatus,
  tracking_number: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  parcel_state: ParcelState.nullable(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type CourierDelivery = z.infer<typeof CourierDelivery>;

/** Hand confirmed or packed orders to the courier: each is created through the job queue. */
export const StaffHandOverRequest = z.object({
  courier: CourierName,
  orders: z
    .array(Id)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'The same order twice.' }),
});
export type StaffHandOverRequest = z.infer<typeof StaffHandOverRequest>;

export const StaffHandOverResult = z.object({
  queued: z.array(Id),
  failed: z.array(z.object({ id: Id, code: z.string(), detail: z.string() })),
});
export type StaffHandOverResult = z.infer<typeof StaffHandOverResult>;

/** A pickup asked of the courier for the parcels waiting at the shop. */
export const StaffPickupRequest = z.object({
  courier: CourierName,
  date: z.iso.date(),
  time_slot: z.enum(['10:00 to 13:00', '13:00 to 16:00']),
});
export type StaffPickupRequest = z.infer<typeof StaffPickupRequest>;
export const StaffPickupResult = z.object({ pickup_id: z.string() });

/** The courier's settlement statement, as a CSV file's text. */
export const StaffSettlementImport = z.object({
  courier: CourierName,
  file_name: z.string().trim().min(1).max(200),
  csv: z.string().min(1).max(2_000_000),
});
export type StaffSettlementImport = z.infer<typeof StaffSettlementImport>;

/** One statement line the shop could not match to an order, or matched to one settled before. */
export const SettlementFlag = z.object({
  row: z.number().int(),
  reference: z.string(),
  reason: z.enum(['no_such_order', 'already_settled', 'not_delivered']),
});

export const StaffSettlementResult = z.object({
  id: Id,
  matched: z.number().int(),
  cash_collected: Money,
  fees: Money,
  paid_out: Money,
  flagged: z.array(SettlementFlag),
  /** Orders the courier delivered by the statement's last day that no statement settles. */
  missing: z.array(z.object({ id: Id, order_number: z.string(), delivered_at: z.iso.datetime({ offset: true }) })),
});
export type StaffSettlementResult = z.infer<typeof StaffSettlementResult>;

export const StaffCourierReportQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(14) });

/**
 * The couriers' report: cash each courier holds for the shop, delivered orders not settled after `days`, and per
 * courier and governorate the parcels handed over, delivered and returned, the success rate (delivered of those that
 * ended; null before any did) and what the returned ones cost (their delivery fees).
 */
export const StaffCourierReport = z.object({
  couriers: z.array(
    z.object({ courier: CourierName, delivered: z.number().int(), outstanding: Money, settled: Money, fees: Money, paid_out: Money }),
  ),
  overdue: z.array(
    z.object({
      id: Id,
      order_number: z.string(),
      courier: CourierName,
      tracking_number: z.string(),
      cash_collected: Money,
      delivered_at: z.iso.datetime({ offset: true }),
    }),
  ),
  performance: z.array(
    z.object({
      courier: CourierName,
      region: z.string(),
      handed_over: z.number().int(),
      delivered: z.number().int(),
      returned: z.number().int(),
      success_rate: z.number().min(0).max(1).nullable(),
      returned_cost: Money,
    }),
  ),
});
export type StaffCourierReport = z.infer<typeof StaffCourierReport>;
