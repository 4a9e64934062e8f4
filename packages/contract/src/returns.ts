/**
 * Returns and refunds of delivered orders. A shopper asks to return the whole order or some units within the returns
 * window; staff approve or reject, receive the parcel (restocking line by line) and refund. Staff may also refund
 * without a return: units and/or an amount. Each unit is refunded once, and never more money than the order cost.
 */
import { z } from 'zod';
import { Id, INT4_MAX, Money } from './common';

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export const ReturnStatus = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

const quantity = z.number().int().min(1).max(1000);
const reason = z.string().trim().min(1).max(500);

export const OrderReturnLine = z.object({
  /** The order line (`items[].id`). */
  item: Id,
  quantity: z.number().int().positive(),
  /** Known once the parcel is received: back on the shelf or not. */
  restocked: z.boolean().nullable(),
});
export const OrderReturn = z.object({
  id: Id,
  status: ReturnStatus,
  reason: z.string(),
  /** What the shop told the shopper when it approved or rejected the return. */
  staff_message: z.string().nullable(),
  lines: z.array(OrderReturnLine),
  created_at: z.iso.datetime({ offset: true }),
  decided_at: z.iso.datetime({ offset: true }).nullable(),
  received_at: z.iso.datetime({ offset: true }).nullable(),
  refunded_at: z.iso.datetime({ offset: true }).nullable(),
});
export type OrderReturn = z.infer<typeof OrderReturn>;

/**
 * How a cash order's refunded money reaches its shopper (a card's, a wallet's, a kiosk's or valU's goes back through the
 * gateway that took it): handed over at the shop's counter or by the courier who collects the return, or sent to a
 * mobile wallet, by InstaPay or by bank transfer — those three name where it went.
 */
export const CASH_REFUND_METHODS = ['counter', 'courier', 'wallet', 'instapay', 'bank'] as const;
export const CashRefundMethod = z.enum(CASH_REFUND_METHODS);
export type CashRefundMethod = z.infer<typeof CashRefundMethod>;
/** The methods that send the money somewhere, named by `cash_reference` (the wallet's number, the transfer's reference). */
const SENT_CASH_REFUNDS = ['wallet', 'instapay', 'bank'] as const satisfies readonly CashRefundMethod[];
export const isSentCashRefund = (method: CashRefundMethod): method is (typeof SENT_CASH_REFUNDS)[number] =>
  (SENT_CASH_REFUNDS as readonly CashRefundMethod[]).includes(method);

/** How a refund of a cash order's money is given back; what a transfer's reference must say, checked once for both forms. */
const cashRefund = {
  cash_method: CashRefundMethod.optional(),
  cash_reference: z.string().trim().max(100).optional(),
};
const cashReferenceGiven = (r: { cash_method?: CashRefundMethod | undefined; cash_reference?: string | undefined }) =>
  !r.cash_method || !isSentCashRefund(r.cash_method) || !!r.cash_reference;
const cashReferenceRule = { error: 'Say where the money was sent.', path: ['cash_reference'] };

export const OrderRefundLine = z.object({ item: Id, quantity: z.number().int().positive(), restocked: z.boolean() });
export const OrderRefund = z.object({
  id: Id,
  amount: Money,
  points_reversed: z.number().int().nonnegative(),
  points_returned: z.number().int().nonnegative(),
  lines: z.array(OrderRefundLine),
  /** A cash order's refund: how its money went back (null for a refund through a gateway, or of no money). */
  cash_method: CashRefundMethod.nullable(),
  cash_reference: z.string().nullable(),
  return_id: Id.nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

/** `POST /api/orders/{id}/returns/`: some units, or (no `lines`) every unit not yet returned. */
export const ReturnRequest = z.object({
  reason,
  lines: z
    .array(z.object({ item: Id, quantity }))
    .min(1)
    .max(50)
    .optional(),
});
export type ReturnRequest = z.infer<typeof ReturnRequest>;

// ---------------------------------------------------------------------------------------------------------------------
// Staff

const version = z.number().int().min(1).max(INT4_MAX);

/**
 * Refund part or all of a delivered order: units (each restocked or not) and/or an amount. Without `amount`, the
 * units' share of what was paid; with it, that amount (for example to add the delivery fee, or a goodwill refund).
 * A cash order's money needs `cash_method` (an online order's goes back through its gateway and refuses one).
 */
export const StaffRefundRequest = z
  .object({
    version,
    reason,
    lines: z
      .array(z.object({ item: Id, quantity, restock: z.boolean() }))
      .max(50)
      .default([]),
    amount: Money.min(0.01).max(10_000_000).optional(),
    ...cashRefund,
  })
  .refine((r) => r.lines.length > 0 || r.amount !== undefined, { error: 'Choose units to refund, or an amount.', path: ['lines'] })
  .refine(cashReferenceGiven, cashReferenceRule);
export type StaffRefundRequest = z.infer<typeof StaffRefundRequest>;

/** Approve (an optional message to the shopper) or reject (a message saying why). */
export const StaffReturnDecision = z.object({ message: z.string().trim().max(500).optional() });
export const StaffReturnRejection = z.object({ message: reason });
/** Receiving the parcel: for every line of the return, whether it goes back on the shelf. */
export const StaffReturnReceipt = z.object({
  lines: z
    .array(z.object({ item: Id, restock: z.boolean() }))
    .min(1)
    .max(50),
});
/** Refunding a received return: without `amount`, its units' share of what was paid; a cash order's as above. */
export const StaffReturnRefund = z
  .object({ amount: Money.min(0).max(10_000_000).optional(), ...cashRefund })
  .refine(cashReferenceGiven, cashReferenceRule);

export const StaffReturnQuery = z.object({
  status: ReturnStatus.optional(),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffReturnQuery = z.infer<typeof StaffReturnQuery>;

/** A row of the returns queue: the return and the order it belongs to. */
export const StaffReturnRow = OrderReturn.extend({
  order: z.object({ id: Id, order_number: z.string(), customer_name: z.string(), customer_phone: z.string() }),
});
export type StaffReturnRow = z.infer<typeof StaffReturnRow>;
