/**
 * The back office's calls (`/api/staff/…`): staff identity and sessions, the audit log and running orders. Staff are
 * not shoppers: their session is an httpOnly cookie, every write carries the CSRF token the session handed out, and
 * the API checks the role on every call.
 */
import { z } from 'zod';
import { Id, IdParam, INT4_MAX, Money, paginated } from './common';
import { Email } from './accounts';
import { Order, ORDER_STATUSES, OrderStatus, PaymentMethod } from './checkout';
import { OrderRefund, OrderReturn } from './returns';
import { CourierDelivery } from './couriers';
import { StaffOrderConfirmation } from './cod-confirmation';
import { UNDOABLE_ACTIONS } from './rules/order-status';
import { Tag } from './staff-tags';
import { StaffPaymentLink } from './payment-links';

export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'support'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

/** What each role may do; the API enforces it on every call, the back office hides what a role cannot use. */
export const STAFF_PERMISSIONS = {
  /** Create staff, change roles, read the whole audit log. */
  manageStaff: ['owner'],
  readOrders: ['owner', 'manager', 'fulfilment', 'support'],
  /** Confirm, pack, hand to a courier, mark delivered. */
  fulfilOrders: ['owner', 'manager', 'fulfilment'],
  cancelOrders: ['owner', 'manager', 'support'],
  refundOrders: ['owner', 'manager'],
  /** Approve or reject a shopper's return. */
  decideReturns: ['owner', 'manager', 'support'],
  /** Take a returned parcel in and restock it. */
  receiveReturns: ['owner', 'manager', 'fulfilment'],
  noteOrders: ['owner', 'manager', 'support', 'fulfilment'],
  /** Find a caller by phone and place an order for them. */
  placePhoneOrders: ['owner', 'manager', 'support'],
  /** Correct an order before its hand-over: its lines, sizes and address (decision 0057). */
  editOrders: ['owner', 'manager', 'support'],
  /** Set an order's delivery fee by hand, with a reason, instead of the governorate's (decision 0057). */
  setDeliveryFees: ['owner', 'manager'],
  readAudit: ['owner'],
  /** Products, their sizes and prices, and the names they are sorted by; publishing. */
  manageCatalogue: ['owner', 'manager'],
  /** Upload pictures for products, offers and sliders. */
  uploadImages: ['owner', 'manager'],
  /** Receive, write off and correct stock; the stock ledger and the low-stock list. */
  adjustStock: ['owner', 'manager', 'fulfilment'],
  /** Promotion codes, their limits and the popup's choice; their usage. */
  managePromotions: ['owner', 'manager'],
  /** Home sliders, the site's settings, delivery fees and cities, the information pages. */
  manageContent: ['owner', 'manager'],
  /** Find a customer and read their orders, points and addresses. */
  readCustomers: ['owner', 'manager', 'support'],
  /** Adjust a customer's points by hand; deactivate and reactivate an account. */
  manageCustomers: ['owner', 'manager'],
  /** Enter or import in-store receipts (the till's sales shoppers claim points for); approve another's large one. */
  enterReceipts: ['owner', 'manager'],
  /** Newsletter subscribers: the list, its CSV, unsubscribing. */
  manageSubscribers: ['owner', 'manager'],
  /** Couriers' settlement statements and the cash they hold. */
  settleCouriers: ['owner', 'manager'],
  /** The dashboard and its reports. */
  readReports: ['owner', 'manager'],
  /** Shoppers' reviews: hide and show them again, answer them in the shop's name. */
  moderateReviews: ['owner', 'manager', 'support'],
  /** Order messages that could not be sent (their recipients too): the list, sending them again. */
  retryMessages: ['owner', 'manager'],
  /** Add and remove an order's tags (decision 0058). */
  tagOrders: ['owner', 'manager', 'support', 'fulfilment'],
  /** Add and remove a customer's tags (decision 0058). */
  tagCustomers: ['owner', 'manager', 'support'],
  /** Save a list's view for every staff member, and delete such a shared view (decision 0054). */
  shareViews: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;
export const staffMay = (role: StaffRole, permission: StaffPermission) =>
  (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);

export const StaffPassword = z.string().min(12, { error: 'At least 12 characters.' }).max(128);
/** Six digits from an authenticator app. */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app.' });

export const StaffMember = z.object({
  id: Id,
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  totp_enabled: z.boolean(),
  is_active: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffSignIn = z.object({ email: Email, password: z.string().min(1).max(128), totp: TotpCode.optional() });
export type StaffSignIn = z.infer<typeof StaffSignIn>;
/** The signed-in staff member and the CSRF token every write must send back as `X-CSRF-Token`. */
export const StaffSession = z.object({
  staff: StaffMember,
  csrf_token: z.string(),
  /** The session ends here whatever happens (12 hours after sign-in); idle for 30 minutes it ends sooner. */
  expires_at: z.iso.datetime({ offset: true }),
  idle_minutes: z.number().int().positive(),
  /** Owners and managers must turn on two-step sign-in before anything else (production). */
  must_enrol_totp: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSession>;

export const StaffPasswordSet = z.object({ token: z.string().min(1).max(200), password: StaffPassword });
export const TotpEnrolment = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;
export const TotpConfirm = z.object({ code: TotpCode });

export const StaffMemberCreate = z.object({
  email: Email,
  name: z.string().trim().min(1).max(100),
  role: StaffRole,
});
export type StaffMemberCreate = z.infer<typeof StaffMemberCreate>;
/** A new member, or a new password link: the link is shown once and works once, for 72 hours. */
export const StaffPasswordLink = z.object({ member: StaffMember, password_link: z.string(), expires_at: z.iso.datetime({ offset: true }) });
export type StaffPasswordLink = z.infer<typeof StaffPasswordLink>;
export const StaffMemberPatch = z
  .object({ name: z.string().trim().min(1).max(100), role: StaffRole, is_active: z.boolean() })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Nothing to change.' });
export type StaffMemberPatch = z.infer<typeof StaffMemberPatch>;

export const StaffRef = z.object({ id: Id, name: z.string(), email: z.string() }).nullable();

// ---------------------------------------------------------------------------------------------------------------------
// Audit log

/**
 * Every action the shop writes to the audit log, `<entity>.<verb>`: the API records only these, and the back office
 * names each in words (an entry of an older name is shown as recorded).
 */
export const AUDIT_ACTIONS = [
  ...(
    [
      'confirm',
      'pack',
      'ship',
      'deliver',
      'cancel',
      'note',
      'place_by_phone',
      'refund',
      'tag',
      'untag',
      'hand_over',
      'confirm_for_shopper',
      'resend_confirmation',
      'edit',
      'undo',
      'resend_payment_link',
      'balance_paid',
    ] as const
  ).map((verb) => `order.${verb}` as const),
  ...(['approve', 'reject', 'receive', 'refund'] as const).map((verb) => `return.${verb}` as const),
  ...(['create', 'update', 'images', 'publish', 'unpublish', 'schedule'] as const).map((verb) => `product.${verb}` as const),
  'products.import',
  'products.import_undo',
  'courier.settlement',
  ...(['create', 'update', 'images', 'publish', 'unpublish'] as const).map((verb) => `offer.${verb}` as const),
  ...(['categories', 'families', 'notes', 'occasions'] as const).flatMap((taxonomy) =>
    (['create', 'update', 'delete'] as const).map((verb) => `${taxonomy}.${verb}` as const),
  ),
  'sizes.create',
  'sizes.delete',
  'city.create',
  'city.rename',
  'city.delete',
  'region.fee',
  'region.days',
  'delivery.schedule',
  'site_config.save',
  'info_page.save',
  ...(['create', 'save', 'activate', 'deactivate', 'delete', 'reorder'] as const).map((verb) => `slider.${verb}` as const),
  ...(['create', 'update', 'deactivate', 'popup'] as const).map((verb) => `promotion.${verb}` as const),
  'customer.points',
  'customer.deactivate',
  'customer.reactivate',
  'customer.tag',
  'customer.untag',
  'subscriber.unsubscribe',
  'newsletter.send',
  'receipt.create',
  'receipt.import',
  'receipt.approve',
  ...(['hide', 'unhide', 'reply', 'remove_reply'] as const).map((verb) => `review.${verb}` as const),
  ...(['create', 'update', 'enable_totp', 'password_link', 'reset_totp', 'set_password'] as const).map((verb) => `staff.${verb}` as const),
  'stock.adjust',
  'message.retry',
  'message.retry_all',
  ...(['create', 'update', 'delete'] as const).map((verb) => `search_synonyms.${verb}` as const),
  'saved_view.share',
  'saved_view.delete_shared',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
  id: Id,
  at: z.iso.datetime({ offset: true }),
  staff: StaffRef,
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
const isoDate = z.iso.date();
export const AuditQuery = z.object({
  staff: IdParam.optional(),
  entity: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(40).optional(),
  action: z.string().trim().max(60).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditPage = paginated(AuditEntry);

// ---------------------------------------------------------------------------------------------------------------------
// Orders board and order page

export const STAFF_ORDER_SORTS = ['-created_at', 'created_at', '-total', 'total'] as const;
const statusList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter(Boolean);
    const bad = parts.find((p) => !(ORDER_STATUSES as readonly string[]).includes(p));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `Unknown status: ${bad}` });
      return z.NEVER;
    }
    return parts as OrderStatus[];
  });
/**
 * The board's filters as its address keeps them, and as a saved view keeps them (decision 0054): one status or a
 * comma-separated list of them (the tabs choose one), what is searched for, the dates, the governorate, the payment,
 * paid or not, the promotion code, a tag of the order and a tag of its customer (decision 0058), and the sort. The back office's address reads each field and drops one that does not
 * parse; a saved view is refused with it.
 */
export const BoardFilters = z.strictObject({
  status: z
    .string()
    .refine((value) => value.split(',').every((part) => (ORDER_STATUSES as readonly string[]).includes(part)), {
      error: 'Unknown status.',
    })
    .optional(),
  q: z.string().trim().max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  region: Id.optional(),
  payment_method: PaymentMethod.optional(),
  paid: z.enum(['yes', 'no']).optional(),
  promo_code: z.string().trim().max(64).optional(),
  tag: Tag.optional(),
  customer_tag: Tag.optional(),
  sort: z.enum(STAFF_ORDER_SORTS).optional(),
});
export type BoardFilters = z.infer<typeof BoardFilters>;

/** The board's filters as the API reads them from a query string (`q`: order number, phone, name or e-mail). */
export const StaffOrderQuery = z.object({
  ...BoardFilters.shape,
  status: statusList,
  region: IdParam.optional(),
  sort: BoardFilters.shape.sort.unwrap().default('-created_at'),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffOrderQuery = z.infer<typeof StaffOrderQuery>;

export const StaffOrderRow = z.object({
  id: Id,
  order_number: z.string(),
  status: OrderStatus,
  version: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  customer_name: z.string(),
  customer_phone: z.string(),
  region: z.object({ id: Id, name: z.string() }),
  payment_method: PaymentMethod,
  paid: z.boolean(),
  total: Money,
  promo_code: z.string().nullable(),
  items: z.number().int(),
  /** Waiting for its shopper's confirmation past the shop's "flag after" hours (decision 0048). */
  unanswered: z.boolean(),
  /** Staff's tags on the order, oldest first (decision 0058). */
  tags: z.array(z.string()),
});
export type StaffOrderRow = z.infer<typeof StaffOrderRow>;
/** A page of the board, with how many orders match in each status (the other filters applied, not the status). */
export const StaffOrderBoard = paginated(StaffOrderRow).extend({
  // OpenAPI 3.0 has no `propertyNames`: the statuses are spelled out as properties for the document.
  counts: z
    .record(OrderStatus, z.number().int())
    .meta({ properties: Object.fromEntries(ORDER_STATUSES.map((status) => [status, { type: 'integer' }])) }),
  /** Placed and not yet confirmed, whatever the filters: the back office's badge. */
  waiting: z.number().int(),
});
export type StaffOrderBoard = z.infer<typeof StaffOrderBoard>;

export const StaffOrderEvent = z.object({
  at: z.iso.datetime({ offset: true }),
  from: OrderStatus.nullable(),
  to: OrderStatus,
  staff: StaffRef,
});
export const StaffOrderNote = z.object({ id: Id, at: z.iso.datetime({ offset: true }), staff: StaffRef, body: z.string() });
export const StaffRefund = z.object({
  id: Id,
  amount: Money,
  status: z.enum(['pending', 'confirmed', 'failed']),
  reason: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export const StaffPayment = z.object({
  id: Id,
  provider: z.enum(['paymob', 'test']),
  /** The order's own payment, or the balance it owed after staff raised its total (decision 0062). */
  purpose: z.enum(['order', 'balance']),
  status: z.enum(['pending', 'paid', 'declined', 'refund_pending', 'refunded']),
  amount: Money,
  refunded: Money,
  transaction_id: z.string().nullable(),
  refunds: z.array(StaffRefund),
});
/** An order as staff see it (its payment link is the shopper's: staff see the link's state in `payment_link`). */
export const StaffOrder = Order.omit({ balance_payment_url: true }).extend({
  version: z.number().int(),
  /** Placed by the shopper on the storefront, or by staff for a caller (with who took the call). */
  channel: z.enum(['web', 'phone']),
  placed_by: StaffRef,
  customer: z.object({
    user_id: Id.nullable(),
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    kind: z.enum(['account', 'guest']),
  }),
  /** Its hand-over to a courier's API (decision 0049); none when never handed over. */
  courier_delivery: CourierDelivery.nullable().optional(),
  cash_collected: Money.nullable(),
  status_reason: z.string().nullable(),
  /** Why staff set the delivery fee by hand (decision 0057); null when it is the governorate's under the shop's rules. */
  delivery_fee_reason: z.string().nullable(),
  /** The question to the shopper of a cash order the shop's rule caught (decision 0048); null when none was asked. */
  confirmation: StaffOrderConfirmation.nullable(),
  /** The payment link a phone order paid online was sent (decision 0060); null when none was. */
  payment_link: StaffPaymentLink.nullable(),
  payments: z.array(StaffPayment),
  timeline: z.array(StaffOrderEvent),
  staff_notes: z.array(StaffOrderNote),
  audit: z.array(AuditEntry),
  returns: z.array(OrderReturn),
  refunds: z.array(OrderRefund),
  refunded: Money,
  /**
   * The order's last move while staff may still undo it (decision 0059): which step it was, the status undoing it
   * restores, and until when; null when there is none (another kind of move, more than a minute ago, or its message
   * to the shopper has gone out).
   */
  undo: z.object({ action: z.enum(UNDOABLE_ACTIONS), status: OrderStatus, until: z.iso.datetime({ offset: true }) }).nullable(),
  /** Staff's tags on the order, and on its customer's account (none for a guest), oldest first (decision 0058). */
  tags: z.array(z.string()),
  customer_tags: z.array(z.string()),
});
export type StaffOrder = z.infer<typeof StaffOrder>;

/** Every action names the version of the order it was decided on: a stale one is a 409 with the order as it is now. */
const versioned = { version: z.number().int().min(1).max(INT4_MAX) };
export const StaffOrderAction = z.object(versioned);
export const StaffShipAction = z.object({
  ...versioned,
  courier: z.string().trim().min(1).max(80),
  tracking_number: z.string().trim().min(1).max(80),
});
/** Cash on delivery records the cash the courier collected (any amount: what was handed over, even short). */
const cashCollected = Money.min(0).max(10_000_000);
export const StaffDeliverAction = z.object({ ...versioned, cash_collected: cashCollected.optional() });
/** Cancel with a reason, kept on the order and in the audit log. */
export const StaffReasonAction = z.object({ ...versioned, reason: z.string().trim().min(1).max(500) });
export const StaffNoteRequest = z.object({ body: z.string().trim().min(1).max(2000) });
const bulkOrders = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z
    .array(z.object({ id: Id, ...versioned, ...extra }))
    .min(1)
    .max(100);
/**
 * Several orders at once, each with the version it was seen at: confirm or pack them, hand their parcels to one
 * courier, each parcel with its own tracking number (the same number twice is a scanning slip, refused), mark them
 * delivered with the cash collected for each, or cancel them for one reason.
 */
export const StaffBulkHandOver = z.object({
  action: z.literal('ship'),
  courier: StaffShipAction.shape.courier,
  orders: bulkOrders({ tracking_number: StaffShipAction.shape.tracking_number }).refine(
    (orders) => new Set(orders.map((order) => order.tracking_number.toUpperCase())).size === orders.length,
    { error: 'Each parcel has its own tracking number.' },
  ),
});
export type StaffBulkHandOver = z.infer<typeof StaffBulkHandOver>;
/** A courier's remittance: the cash handed over for each parcel (an order paid by card records none, whatever is sent). */
export const StaffBulkDeliver = z.object({ action: z.literal('deliver'), orders: bulkOrders({ cash_collected: cashCollected }) });
export type StaffBulkDeliver = z.infer<typeof StaffBulkDeliver>;
export const StaffBulkCancel = z.object({
  action: z.literal('cancel'),
  reason: StaffReasonAction.shape.reason,
  orders: bulkOrders({}),
});
export type StaffBulkCancel = z.infer<typeof StaffBulkCancel>;
export const StaffBulkAction = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['confirm', 'pack']), orders: bulkOrders({}) }),
  StaffBulkHandOver,
  StaffBulkDeliver,
  StaffBulkCancel,
]);
export type StaffBulkAction = z.infer<typeof StaffBulkAction>;
export const StaffBulkResult = z.object({
  done: z.array(Id),
  failed: z.array(z.object({ id: Id, code: z.string(), detail: z.string() })),
});
export type StaffBulkResult = z.infer<typeof StaffBulkResult>;
/** 409: someone else changed the order first; here it is as it is now. */
export const OrderChangedBody = z.object({ detail: z.string(), code: z.literal('order_changed'), order: StaffOrder });
export const StaffOrderParams = z.object({ id: IdParam });
