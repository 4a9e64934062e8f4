/**
 * The back office's customers: finding a shopper and reading their account (orders, points,
 * addresses, verification), adjusting points by hand, deactivating and reactivating; the newsletter's subscribers; and
 * the in-store receipts shoppers claim points for, entered one by one or imported from the till's CSV.
 */
import { z } from 'zod';
import { ImportProblem } from './staff-import';
import { User } from './accounts';
import { Address, OrderStatus } from './checkout';
import { Id, IdParam, INT4_MAX, Locale, Money, paginated } from './common';
import { Tag } from './staff-tags';

const page = z.coerce.number().int().min(1).max(INT4_MAX).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(25);
const search = z.string().trim().max(100).optional();
const at = z.iso.datetime({ offset: true });
const StaffName = z.object({ id: Id, name: z.string() }).nullable();

// ---------------------------------------------------------------------------------------------------------------------
// Customers

export const CUSTOMER_STATES = ['active', 'inactive'] as const;
/** Newest first unless asked; or by lifetime value or number of orders, either way (decision 0058). */
export const STAFF_CUSTOMER_SORTS = ['-date_joined', '-lifetime_value', 'lifetime_value', '-order_count', 'order_count'] as const;
/**
 * `q`: a name, an e-mail or a mobile number in any form people type it (010…, +20 10…, Arabic digits); `tag`: one of
 * the customer's tags, in any case.
 */
export const StaffCustomerQuery = z.object({
  q: search,
  state: z.enum(CUSTOMER_STATES).optional(),
  tag: Tag.optional(),
  sort: z.enum(STAFF_CUSTOMER_SORTS).default('-date_joined'),
  page,
  page_size: pageSize,
});
export type StaffCustomerQuery = z.infer<typeof StaffCustomerQuery>;

/**
 * The account as the shopper sees it (phone null for a social sign-in that never added one), and what staff see too;
 * not the shopper's pending, unproved e-mail or phone.
 */
export const StaffCustomerRow = User.omit({ pending_email: true, pending_phone: true }).extend({
  is_active: z.boolean(),
  order_count: z.number().int().nonnegative(),
  /** What their orders that count as sales came to (the reports' rule: placed and not cancelled), in pounds. */
  lifetime_value: Money,
  /** Staff's tags on the customer, oldest first (decision 0058). */
  tags: z.array(z.string()),
  /** The shopper asked for no WhatsApp messages: their order updates go by SMS and e-mail only. */
  whatsapp_opt_out: z.boolean(),
});
export type StaffCustomerRow = z.infer<typeof StaffCustomerRow>;
export const StaffCustomerPage = paginated(StaffCustomerRow);

export const StaffCustomerOrder = z.object({
  id: Id,
  order_number: z.string(),
  status: OrderStatus,
  total: Money,
  created_at: at,
});
export type StaffCustomerOrder = z.infer<typeof StaffCustomerOrder>;

/** A customer's page: the account, their newest orders (at most `CUSTOMER_ORDERS_SHOWN`), their addresses. */
export const CUSTOMER_ORDERS_SHOWN = 50;
export const StaffCustomer = StaffCustomerRow.extend({
  orders: z.array(StaffCustomerOrder),
  addresses: z.array(Address),
});
export type StaffCustomer = z.infer<typeof StaffCustomer>;

/** One change of a customer's points: its reason code, the order it came from, and for a manual one who and why. */
export const StaffPointsEntry = z.object({
  id: Id,
  change: z.number().int(),
  reason: z.string(),
  order_number: z.string().nullable(),
  note: z.string().nullable(),
  staff: StaffName,
  created_at: at,
});
export type StaffPointsEntry = z.infer<typeof StaffPointsEntry>;
export const StaffPointsPage = paginated(StaffPointsEntry);
export const StaffPointsQuery = z.object({ page, page_size: pageSize });

/** The ledger's reason for a change made by hand in the back office. */
export const MANUAL_POINTS_REASON = 'manual_adjustment';
/** Points in or out by hand, with the reason written down; the balance never goes below zero. */
export const StaffPointsAdjustment = z.object({
  change: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((change) => change !== 0, { error: 'Give a change other than zero.' }),
  note: z.string().trim().min(1, { error: 'Say why.' }).max(300),
});
export type StaffPointsAdjustment = z.infer<typeof StaffPointsAdjustment>;
export const StaffPointsAdjusted = z.object({ points: z.number().int().nonnegative(), entry: StaffPointsEntry });
export type StaffPointsAdjusted = z.infer<typeof StaffPointsAdjusted>;

export const CustomerParams = z.object({ id: IdParam });

// ---------------------------------------------------------------------------------------------------------------------
// Newsletter subscribers

export const SUBSCRIBER_STATES = ['subscribed', 'unsubscribed'] as const;
export const StaffSubscriberQuery = z.object({ q: search, state: z.enum(SUBSCRIBER_STATES).optional(), page, page_size: pageSize });
export type StaffSubscriberQuery = z.infer<typeof StaffSubscriberQuery>;
export const StaffSubscriber = z.object({
  id: Id,
  email: z.string(),
  locale: Locale,
  created_at: at,
  /** Null while the double opt-in link has not been followed: no newsletters yet. */
  confirmed_at: at.nullable(),
  unsubscribed_at: at.nullable(),
});
export type StaffSubscriber = z.infer<typeof StaffSubscriber>;
export const StaffSubscriberPage = paginated(StaffSubscriber);

// ---------------------------------------------------------------------------------------------------------------------
// In-store receipts

/** A receipt's number as the till prints it: letters, digits and '-', 1–40 characters (kept upper-case). */
export const ReceiptNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/, { error: 'Letters, digits and dashes, up to 40.' })
  .transform((value) => value.toUpperCase());
/**
 * The claim code printed on a receipt: 8 to 16 letters and digits once spaces and dashes are dropped (the till's
 * codes are 10, printed XXXXX-XXXXX); shorter ones would be guessable.
 */
export const RECEIPT_CODE_PATTERN = /^[A-Z0-9]{8,16}$/;
export const normaliseReceiptCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
export const ReceiptClaimCode = z
  .string()
  .max(40)
  .transform(normaliseReceiptCode)
  .refine((code) => RECEIPT_CODE_PATTERN.test(code), { error: '8 to 16 letters and digits.' });
/** Up to a million pounds, at most two decimals. */
export const ReceiptTotal = Money.min(0).max(1_000_000);

/**
 * A receipt whose total is above this many pounds cannot be claimed until a second owner or manager, not the one who
 * entered it, approves it (decision 0034).
 */
export const RECEIPT_APPROVAL_ABOVE = 5000;

/** What staff type: the claim code is the shop's, made by the API and answered once (`StaffReceiptEntered`). */
export const StaffReceiptInput = z.object({
  number: ReceiptNumber,
  /** The till's date and time of the sale; not in the future. */
  purchased_at: at,
  total: ReceiptTotal,
});
export type StaffReceiptInput = z.input<typeof StaffReceiptInput>;

export const RECEIPT_STATES = ['claimed', 'unclaimed'] as const;
export const StaffReceiptQuery = z.object({ q: search, state: z.enum(RECEIPT_STATES).optional(), page, page_size: pageSize });
export type StaffReceiptQuery = z.infer<typeof StaffReceiptQuery>;

export const StaffReceipt = z.object({
  id: Id,
  number: z.string(),
  purchased_at: at,
  total: Money,
  /** What a claim credits: computed when the receipt was entered, by the rule delivered orders earn by. */
  points: z.number().int().nonnegative(),
  claimed_at: at.nullable(),
  /** The account that claimed it. */
  claimed_by: StaffName,
  entered_by: StaffName,
  /** Above `RECEIPT_APPROVAL_ABOVE`: the second owner or manager who approved it, or null while it waits. */
  approved_by: StaffName,
  approved_at: at.nullable(),
  /** True while it cannot be claimed for want of an approval. */
  awaiting_approval: z.boolean(),
  created_at: at,
});
export type StaffReceipt = z.infer<typeof StaffReceipt>;
/** The claim code the shop made for a receipt, printed as XXXXX-XXXXX: answered only when it is made. */
export const ReceiptCode = z.object({ number: z.string(), claim_code: z.string() });
/** A receipt just entered, with its claim code to show and print (only its hash is kept). */
export const StaffReceiptEntered = StaffReceipt.extend({ claim_code: z.string() });
export type StaffReceiptEntered = z.infer<typeof StaffReceiptEntered>;
export const StaffReceiptPage = paginated(StaffReceipt);

/**
 * The till's CSV (columns number, date, total; a `claim code` column is ignored), at most `RECEIPT_IMPORT_MAX_ROWS`
 * receipts. Each gets a claim code made by the shop, answered with the import.
 */
export const RECEIPT_IMPORT_MAX_ROWS = 5000;
export const StaffReceiptImport = z.object({ csv: z.string().min(1).max(900_000) });
export const StaffReceiptImported = z.object({ imported: z.number().int().nonnegative(), receipts: z.array(ReceiptCode) });
export type StaffReceiptImported = z.infer<typeof StaffReceiptImported>;
/** A refused import: nothing saved, and what is wrong with which line of the file (1 is the header). */
export const ReceiptImportRefused = z.object({
  detail: z.string(),
  code: z.literal('import_invalid'),
  problems: z.array(ImportProblem),
});
export type ReceiptImportRefused = z.infer<typeof ReceiptImportRefused>;
