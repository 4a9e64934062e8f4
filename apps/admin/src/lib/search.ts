/**
 * What the back office keeps in the address's query string, so that a link reproduces a view: the board's filters,
 * the audit log's, the products list's, the print view's choices. A value that does not parse is dropped rather than
 * breaking the page.
 */
import {
  BoardFilters,
  CUSTOMER_STATES,
  STAFF_CUSTOMER_SORTS,
  Tag,
  ReportPeriod,
  PromotionState,
  PublicationState,
  RECEIPT_STATES,
  ReturnStatus,
  STAFF_PRODUCT_ORDERINGS,
  SUBSCRIBER_STATES,
} from '@attar/contract';
import { z } from 'zod';

/** Text typed in the address: the router reads `?entity_id=12` or `?q=100012` as a number, which is still the text. */
const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const optionalText = z.preprocess(numberAsText, z.string().trim().max(100).optional()).catch(undefined);
const optionalDate = z.iso.date().optional().catch(undefined);
const optionalId = z.coerce.number().int().positive().optional().catch(undefined);
const optionalPage = z.coerce.number().int().min(1).optional().catch(undefined);

/** The board's filters as the contract has them (a saved view keeps the same ones), and the page. */
const board = BoardFilters.shape;
export const BoardSearch = z.object({
  status: board.status.catch(undefined),
  q: z.preprocess(numberAsText, board.q).catch(undefined),
  from: board.from.catch(undefined),
  to: board.to.catch(undefined),
  region: board.region.catch(undefined),
  payment_method: board.payment_method.catch(undefined),
  paid: board.paid.catch(undefined),
  promo_code: z.preprocess(numberAsText, board.promo_code).catch(undefined),
  tag: z.preprocess(numberAsText, board.tag).catch(undefined),
  customer_tag: z.preprocess(numberAsText, board.customer_tag).catch(undefined),
  sort: board.sort.catch(undefined),
  page: optionalPage,
});
export type BoardSearch = z.infer<typeof BoardSearch>;

export const AuditSearch = z.object({
  staff: optionalId,
  entity: optionalText,
  entity_id: optionalText,
  action: optionalText,
  from: optionalDate,
  to: optionalDate,
  page: optionalPage,
});
export type AuditSearch = z.infer<typeof AuditSearch>;

/** The returns queue: one status (requested by default: what waits for a decision) and the page. */
export const ReturnsSearch = z.object({
  status: z.union([ReturnStatus, z.literal('all')]).catch('requested'),
  page: optionalPage,
});
export type ReturnsSearch = z.infer<typeof ReturnsSearch>;

/** The dashboard: a preset period or the first and last Cairo day it covers (the last 30 days unless asked). */
export const DashboardSearch = z.object({ period: ReportPeriod.optional().catch(undefined), from: optionalDate, to: optionalDate });
export type DashboardSearch = z.infer<typeof DashboardSearch>;

export const PrintSearch = z.object({
  /** Order ids, comma-separated (one id alone, typed as `?orders=57`, reaches here as a number). */
  orders: z.union([z.string(), z.number().transform(String)]).catch(''),
  doc: z.enum(['slip', 'invoice']).catch('slip'),
  paper: z.enum(['a4', '80mm']).catch('a4'),
  lang: z.enum(['en', 'ar']).optional().catch(undefined),
});
export type PrintSearch = z.infer<typeof PrintSearch>;

/** The products list: what is searched for (name, slug or SKU), the category, the state, the ordering and the page. */
export const ProductsSearch = z.object({
  q: optionalText,
  category: optionalId,
  state: PublicationState.optional().catch(undefined),
  ordering: z.enum(STAFF_PRODUCT_ORDERINGS).optional().catch(undefined),
  page: optionalPage,
});
export type ProductsSearch = z.infer<typeof ProductsSearch>;

/** The stock screen: every size searched by name, slug or SKU and its page, or (`view=low`) the low-stock list. */
export const StockSearch = z.object({
  q: optionalText,
  page: optionalPage,
  view: z.enum(['low']).optional().catch(undefined),
});
export type StockSearch = z.infer<typeof StockSearch>;

/** A product's stock page: the page of its ledger. */
export const LedgerSearch = z.object({ page: optionalPage });
export type LedgerSearch = z.infer<typeof LedgerSearch>;

/** The offers list: what is searched for (name or slug) and the page. */
export const OffersSearch = z.object({ q: optionalText, page: optionalPage });
export type OffersSearch = z.infer<typeof OffersSearch>;

export const SignInSearch = z.object({ done: z.enum(['password-set']).optional().catch(undefined) });
export const SetPasswordSearch = z.object({ token: z.string().optional().catch(undefined) });

/** The ids named in the print view's address, at most a hundred. */
export const printOrderIds = (orders: string) =>
  [...new Set(orders.split(',').map(Number))].filter((id) => Number.isInteger(id) && id > 0).slice(0, 100);

/** The customers list: what is searched for (name, e-mail or mobile), active or deactivated, a tag, the sort, the page. */
export const CustomersSearch = z.object({
  q: optionalText,
  state: z.enum(CUSTOMER_STATES).optional().catch(undefined),
  tag: z.preprocess(numberAsText, Tag.optional()).catch(undefined),
  sort: z.enum(STAFF_CUSTOMER_SORTS).optional().catch(undefined),
  page: optionalPage,
});
export type CustomersSearch = z.infer<typeof CustomersSearch>;

/** The subscribers list: (part of) an e-mail, subscribed or not, and the page. */
export const SubscribersSearch = z.object({
  q: optionalText,
  state: z.enum(SUBSCRIBER_STATES).optional().catch(undefined),
  page: optionalPage,
});
export type SubscribersSearch = z.infer<typeof SubscribersSearch>;

/** The in-store receipts list: (part of) a number, claimed or not, and the page. */
export const ReceiptsSearch = z.object({
  q: optionalText,
  state: z.enum(RECEIPT_STATES).optional().catch(undefined),
  page: optionalPage,
});
export type ReceiptsSearch = z.infer<typeof ReceiptsSearch>;

/** The promotions list: (part of) a code, the state and the page. */
export const PromotionsSearch = z.object({
  q: optionalText,
  state: PromotionState.optional().catch(undefined),
  page: optionalPage,
});
export type PromotionsSearch = z.infer<typeof PromotionsSearch>;
