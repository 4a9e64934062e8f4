/**
 * The back office's reports (decision 0023): the dashboard's figures in one answer and a CSV of each
 * report. Days are Cairo's; a sale is an order that was placed (not waiting for its online payment, not cancelled);
 * refunds are counted on the day the money went back and shown beside the sales, never hidden in them. Amounts are
 * pounds, computed by the database from integer piastres.
 */
import { z } from 'zod';
import { Id, Money } from './common';
import { OrderStatus, PaymentMethod } from './checkout';
import { presetRange, rangeDays, shopDay, type DayRange, type ReportPreset } from './rules/report-range';

/** Today, the last 7 days or the last 30 (today included), on Cairo's calendar: shortcuts that fill the range. */
export const REPORT_PERIODS = ['today', '7d', '30d'] as const satisfies readonly ReportPreset[];
export const ReportPeriod = z.enum(REPORT_PERIODS);
export type ReportPeriod = z.infer<typeof ReportPeriod>;

/** The longest range a report covers, in days. */
export const REPORT_DAYS_MAX = 366;

const day = z.iso.date();
/**
 * The Cairo days a report covers (decision 0056): a preset `period`, or `from` and `to` (both included, at most
 * `REPORT_DAYS_MAX` days, ending today at the latest); neither is the last 30 days.
 */
export const ReportQuery = z.object({ period: ReportPeriod.optional(), from: day.optional(), to: day.optional() }).superRefine(
  ({ period, from, to }, context) => {
    const issue = (path: 'period' | 'from' | 'to', message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (from === undefined && to === undefined) return;
    if (period !== undefined) return issue('period', 'Choose a period or dates, not both.');
    if (from === undefined) return issue('from', 'Choose the first day too.');
    if (to === undefined) return issue('to', 'Choose the last day too.');
    if (from > to) return issue('to', 'The period ends before it begins.');
    if (rangeDays({ from, to }) > REPORT_DAYS_MAX) return issue('to', `Choose at most ${REPORT_DAYS_MAX} days.`);
    if (to > shopDay()) issue('to', 'The period cannot end after today.');
    // Dates already refused are not compared.
  },
  { when: (payload) => payload.issues.length === 0 },
);
export type ReportQuery = z.infer<typeof ReportQuery>;

/** The days a report covers, and the preset that filled them (null for dates of one's own). */
export type ReportRange = DayRange & { period: ReportPeriod | null };

/** The range a checked query covers at `now`. */
export function reportRange(query: ReportQuery, now = new Date()): ReportRange {
  if (query.from !== undefined && query.to !== undefined) return { period: null, from: query.from, to: query.to };
  const period = query.period ?? '30d';
  return { period, ...presetRange(period, now) };
}

/** The CSV files: `/api/staff/reports/<name>.csv?period=` or `?from=&to=`. */
export const REPORT_CSV_NAMES = [
  'sales',
  'orders-by-status',
  'best-sellers',
  'promotions',
  'points',
  'payments',
  'cash-confirmations',
] as const;
export const ReportCsvName = z.enum(REPORT_CSV_NAMES);
export type ReportCsvName = z.infer<typeof ReportCsvName>;

const count = z.number().int().nonnegative();

export const SalesSummary = z.object({
  /** The first and last Cairo day counted. */
  from: day,
  to: day,
  /** Orders placed in the period that are sales, and what they came to (goods, delivery and gift wrap, after discounts). */
  orders: count,
  revenue: Money,
  /** Money given back in the period (staff refunds of delivered orders), whatever day their order was placed. */
  refunds: Money,
  net_revenue: Money,
  /** Revenue over orders, to the piastre; 0 without orders. */
  average_order_value: Money,
});
export type SalesSummary = z.infer<typeof SalesSummary>;

/** One Cairo day of the range, for the charts (days without sales included, as zeros). */
export const SalesDay = z.object({ day, orders: count, revenue: Money, refunds: Money });
export type SalesDay = z.infer<typeof SalesDay>;

/** Every status, in the order of the state machine: orders placed in the period now in it, and their totals. */
export const StatusCount = z.object({ status: OrderStatus, orders: count, total: Money });
export type StatusCount = z.infer<typeof StatusCount>;

/** A product size sold in the period: units kept (sold less refunded) and what they cost at their order's unit price. */
export const BestSeller = z.object({
  product: Id,
  slug: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  /** The size (product_variants row), its millilitres and SKU. */
  size: Id,
  ml: z.number().int().positive(),
  sku: z.string().nullable(),
  units: count,
  revenue: Money,
});
export type BestSeller = z.infer<typeof BestSeller>;

/** A code's sales in the period: orders, the discount they got, and what they came to less what was refunded. */
export const PromotionReportRow = z.object({
  promotion: Id,
  code: z.string(),
  orders: count,
  discount_given: Money,
  revenue: Money,
});
export type PromotionReportRow = z.infer<typeof PromotionReportRow>;

/** Points on shoppers' balances today, and what they would take off orders at the site's point value. */
export const PointsLiability = z.object({
  points: count,
  /** Accounts holding at least one point. */
  holders: count,
  point_value: Money,
  liability: Money,
});
export type PointsLiability = z.infer<typeof PointsLiability>;

/**
 * What needs a look: an online sale without a payment that went through (`unpaid`), a payment that went through for
 * another amount than the order's total (`amount_mismatch`), money kept on a cancelled order (`paid_cancelled`), a
 * gateway refund that failed (`refund_failed`) or is still waiting for the gateway (`refund_pending`).
 */
export const PAYMENT_EXCEPTION_KINDS = ['unpaid', 'amount_mismatch', 'paid_cancelled', 'refund_failed', 'refund_pending'] as const;
export const PaymentExceptionKind = z.enum(PAYMENT_EXCEPTION_KINDS);
export type PaymentExceptionKind = z.infer<typeof PaymentExceptionKind>;
export const PaymentException = z.object({
  kind: PaymentExceptionKind,
  order: Id,
  order_number: z.string(),
  status: OrderStatus,
  payment_method: PaymentMethod,
  placed_at: z.iso.datetime({ offset: true }),
  order_total: Money,
  /** What the payment brought in (null: no payment went through), and the refund concerned. */
  paid: Money.nullable(),
  refund: Money.nullable(),
});
export type PaymentException = z.infer<typeof PaymentException>;

/** Online payments (card, wallet, kiosk, valU) of the orders placed in the period, against those orders. */
export const PaymentReconciliation = z.object({
  /** Online orders that are sales, and what they came to. */
  orders: count,
  expected: Money,
  /** Payments that went through (refunded since or not), and the gateway refunds by their state. */
  received: Money,
  refunded: Money,
  refunds_pending: Money,
  refunds_failed: Money,
  exception_count: count,
  /** The newest 50. */
  exceptions: z.array(PaymentException),
});
export type PaymentReconciliation = z.infer<typeof PaymentReconciliation>;

/**
 * Cash orders asked to be confirmed by their shopper in the period (decision 0048), per governorate: confirmed or
 * cancelled by the shopper (link, WhatsApp or their account), left unanswered (cancelled by the shop), confirmed by
 * staff after a call, cancelled by staff. The five add up to `asked` less those still waiting.
 */
export const CashConfirmationRow = z.object({
  region: z.object({ id: z.number().int(), name_en: z.string(), name_ar: z.string() }),
  asked: count,
  confirmed_by_shopper: count,
  cancelled_by_shopper: count,
  unanswered: count,
  confirmed_by_staff: count,
  cancelled_by_staff: count,
});
/** A governorate's figures in the order the screen's columns and the CSV's show them. */
export const CASH_CONFIRMATION_FIGURES = [
  'asked',
  'confirmed_by_shopper',
  'cancelled_by_shopper',
  'unanswered',
  'confirmed_by_staff',
  'cancelled_by_staff',
] as const satisfies readonly (keyof CashConfirmationRow)[];
export type CashConfirmationRow = z.infer<typeof CashConfirmationRow>;

export const ReportsDashboard = z.object({
  /** Today on Cairo's calendar, and the range covered: the preset that filled it, or null for dates of one's own. */
  today: day,
  period: ReportPeriod.nullable(),
  from: day,
  to: day,
  /** The sales over the range, and over the same number of days just before it. */
  sales: SalesSummary,
  previous: SalesSummary,
  /** Each day of the range, oldest first. */
  daily: z.array(SalesDay),
  /** Each day of the previous range, oldest first: as many as `daily`, the charts lay them side by side. */
  previous_daily: z.array(SalesDay),
  by_status: z.array(StatusCount),
  /** The ten best by units and the ten best by revenue. */
  best_sellers: z.object({ by_units: z.array(BestSeller), by_revenue: z.array(BestSeller) }),
  promotions: z.array(PromotionReportRow),
  points: PointsLiability,
  payments: PaymentReconciliation,
  cash_confirmations: z.array(CashConfirmationRow),
});
export type ReportsDashboard = z.infer<typeof ReportsDashboard>;
