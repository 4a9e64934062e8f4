import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@attar/contract';
import {
  boolean,
  check,
  date,
  foreignKey,
  jsonb,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products, productVariants, offers } from './catalog';
import { regions } from './checkout';
import { promotions } from './promotions';
import { staffMembers } from './staff';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    guestEmail: text('guest_email'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** The address as it was when the order was placed. */
    address: jsonb('address').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** A gift: wrapped (at the fee of the day, part of the total) and/or with a message for the card in the box. */
    giftWrap: boolean('gift_wrap').notNull().default(false),
    giftWrapFeePiastres: integer('gift_wrap_fee_piastres').notNull().default(0),
    giftMessage: text('gift_message'),
    subtotalPiastres: integer('subtotal_piastres').notNull(),
    deliveryFeePiastres: integer('delivery_fee_piastres').notNull(),
    /** Why staff set the delivery fee by hand (decision 0057); null: the governorate's fee under the shop's rules. */
    deliveryFeeReason: text('delivery_fee_reason'),
    discountPiastres: integer('discount_piastres').notNull().default(0),
    pointsUsed: integer('points_used').notNull().default(0),
    pointsDiscountPiastres: integer('points_discount_piastres').notNull().default(0),
    pointsEarned: integer('points_earned').notNull().default(0),
    totalPiastres: integer('total_piastres').notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id),
    promoCode: text('promo_code'),
    notes: text('notes').notNull().default(''),
    /** The shopper's language when ordering: messages and the card gateway's way back use it. */
    locale: text('locale', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    /** `u:<user id>` or `g:<phone>` with the client's Idempotency-Key: a repeated POST finds the first order. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of what the keyed request asked for: the same key with another request is refused (422). */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The buyer's verified phone (E.164) when ordering: first-order and per-customer codes count by it. */
    customerPhone: text('customer_phone'),
    /** Raised by every change staff or the shop make: an action decided on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    courierName: text('courier_name'),
    trackingNumber: text('tracking_number'),
    /** Cash on delivery: what the courier collected, recorded when the order is delivered. */
    cashCollectedPiastres: integer('cash_collected_piastres'),
    /** Why staff cancelled or refunded it. */
    statusReason: text('status_reason'),
    /** Money given back so far by staff refunds (cash or card), never more than the total. */
    refundedPiastres: integer('refunded_piastres').notNull().default(0),
    /** Of the points earned, how many refunds have taken back so far (in proportion to the money refunded). */
    pointsReversed: integer('points_reversed').notNull().default(0),
    /** Of the points used, how many refunds have given back so far. */
    pointsReturned: integer('points_returned').notNull().default(0),
    /**
     * When the money came in: the card payment went through or the courier collected the cash; kept if refunded
     * since. Set by the database (triggers, migration 0013), so no code path can forget it; the board filters on it.
     */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it was delivered: the returns window counts from here. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** `web` (the storefront) or `phone` (placed by staff for a customer who called). */
    channel: text('channel', { enum: ['web', 'phone'] })
      .notNull()
      .default('web'),
    placedByStaffId: integer('placed_by_staff_id').references(() => staffMembers.id),
    /** When it arrives, as promised when placed (decision 0037); none on orders placed before promises. */
    promisedEarliest: date('promised_earliest'),
    promisedLatest: date('promised_latest'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_unique').on(t.idempotencyKey),
    // The orders board: newest (or oldest) first, within a status or across all. NULLS FIRST is what a plain
    // `ORDER BY … DESC` asks for: an index sorted otherwise is not used for it. The columns after the id sort nothing
    // (ids are unique): they are what the reports read of a range's orders, so the dashboard reads the index alone
    // and none of the orders' wide rows (decision 0064).
    index('orders_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
      t.paymentMethod,
      t.totalPiastres,
      t.discountPiastres,
      t.refundedPiastres,
      t.promotionId,
      t.orderNumber,
    ),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The board's other sort and filters: by total, by governorate and payment method (its counts per status read the
    // index alone), unpaid orders, a promo code.
    index('orders_total_idx').on(t.totalPiastres, t.id),
    index('orders_region_status_method_idx').on(t.regionId, t.status, t.paymentMethod),
    // Few orders are unpaid: newest first for the page, method and status read from the index for the counts.
    index('orders_unpaid_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.paymentMethod, t.status)
      .where(sql`${t.paidAt} IS NULL`),
    index('orders_promo_code_idx')
      .on(sql`upper(${t.promoCode})`)
      .where(sql`${t.promoCode} IS NOT NULL`),
    check(
      'orders_status_known',
      sql`${t.status} IN ('pending_payment', 'awaiting_shopper', 'placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded')`,
    ),
    check('orders_cash_collected_nonnegative', sql`${t.cashCollectedPiastres} >= 0`),
    check('orders_refunded_within_total', sql`${t.refundedPiastres} BETWEEN 0 AND ${t.totalPiastres}`),
    check(
      'orders_points_back_within',
      sql`${t.pointsReversed} BETWEEN 0 AND ${t.pointsEarned} AND ${t.pointsReturned} BETWEEN 0 AND ${t.pointsUsed}`,
    ),
    check('orders_delivery_fee_reason', sql`char_length(${t.deliveryFeeReason}) BETWEEN 1 AND 500`),
    check('orders_channel_known', sql`${t.channel} IN ('web', 'phone')`),
    check('orders_payment_method_known', sql`${t.paymentMethod} IN ('cod', 'card', 'wallet', 'kiosk', 'valu')`),
    check('orders_gift_wrap_fee', sql`${t.giftWrapFeePiastres} >= 0 AND (${t.giftWrap} OR ${t.giftWrapFeePiastres} = 0)`),
    check('orders_gift_message_length', sql`char_length(${t.giftMessage}) BETWEEN 1 AND 300`),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // A customer's lifetime value and number of orders read from the index alone: the customers list sorts by either,
    // which adds them up for every customer (decision 0058).
    index('orders_user_value_idx').on(t.userId, t.status, t.totalPiastres),
    index('orders_customer_phone_idx').on(t.customerPhone),
    index('orders_guest_phone_idx').on(t.guestPhone),
    check(
      'orders_money_nonnegative',
      sql`${t.subtotalPiastres} >= 0 AND ${t.deliveryFeePiastres} >= 0 AND ${t.discountPiastres} >= 0
      AND ${t.pointsDiscountPiastres} >= 0 AND ${t.totalPiastres} >= 0 AND ${t.pointsUsed} >= 0 AND ${t.pointsEarned} >= 0`,
    ),
    check('orders_owner', sql`${t.userId} IS NOT NULL OR (${t.guestName} IS NOT NULL AND ${t.guestPhone} IS NOT NULL)`),
    check(
      'orders_promise',
      sql`(${t.promisedEarliest} IS NULL AND ${t.promisedLatest} IS NULL) OR ${t.promisedLatest} >= ${t.promisedEarliest}`,
    ),
  ],
);

/**
 * The board's orders per status (decision 0063), kept by the database: triggers on `orders` add a row of +n or −n for
 * each status that an insert, a status change or a delete moves orders into or out of (appended, so order writers never
 * wait on one another's row), and a status's orders are the sum of its rows. Housekeeping folds them into a row per status.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [check('order_status_counts_change', sql`${t.orders} <> 0`)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    /** The size bought (a product line), and its millilitres when ordered. */
    variantId: integer('variant_id'),
    sizeMl: integer('size_ml'),
    offerId: integer('offer_id').references(() => offers.id),
    quantity: integer('quantity').notNull(),
    /** Unit price when ordered. */
    pricePiastres: integer('price_piastres').notNull(),
    points: integer('points').notNull().default(0),
    /** Units refunded so far: a unit is refunded once. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** Units in a return under way (requested, approved or received, not yet refunded): a unit is returned once. */
    returnQuantity: integer('return_quantity').notNull().default(0),
  },
  (t) => [
    // An order's lines; with what the best sellers add up of them after the order id, read from the index alone.
    index('order_items_order_idx').on(t.orderId, t.productId, t.variantId, t.sizeMl, t.quantity, t.refundedQuantity, t.pricePiastres),
    check(
      'order_items_units_back_within',
      sql`${t.refundedQuantity} >= 0 AND ${t.returnQuantity} >= 0 AND ${t.refundedQuantity} + ${t.returnQuantity} <= ${t.quantity}`,
    ),
    check('order_items_one_kind', sql`(${t.productId} IS NULL) <> (${t.offerId} IS NULL)`),
    check('order_items_size_of_product', sql`(${t.variantId} IS NULL) = (${t.productId} IS NULL)`),
    foreignKey({ columns: [t.variantId, t.productId], foreignColumns: [productVariants.id, productVariants.productId] }),
    check('order_items_quantity_positive', sql`${t.quantity} > 0 AND ${t.pricePiastres} >= 0`),
  ],
);

export const orderStatusHistory = pgTable('order_status_history', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  /** Who moved it: a staff member, or null for the shopper or the shop itself (payment, checkout). */
  staffId: integer('staff_id').references(() => staffMembers.id),
  createdAt: createdAt(),
});

/** Staff's internal notes on an order; never shown to the shopper. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

/**
 * One row per use of a promotion. `customer_seq` numbers a customer's uses (1 … per-customer limit) and `global_seq`
 * numbers all uses (1 … max uses): the unique keys make both limits exact under any concurrency.
 * A cancelled order deletes its row, giving the use back.
 */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `u:<user id>` or `g:<phone>`. */
    customerKey: text('customer_key').notNull(),
    customerSeq: integer('customer_seq').notNull(),
    globalSeq: integer('global_seq').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_uses_order').on(t.orderId),
    uniqueIndex('promotion_uses_customer_seq').on(t.promotionId, t.customerKey, t.customerSeq),
    uniqueIndex('promotion_uses_global_seq').on(t.promotionId, t.globalSeq),
  ],
);

/** Offline (in-store) orders whose points a shopper can claim once, by their number and printed claim code. */
export const offlineOrders = pgTable(
  'offline_orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    /** SHA-256 of the claim code printed on the receipt (orders/receipts.ts); without one, it cannot be claimed online. */
    claimCodeHash: text('claim_code_hash'),
    totalPiastres: integer('total_piastres').notNull(),
    points: integer('points').notNull(),
    /** The till's date and time of the sale. */
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who entered or imported it (null: the seed). */
    staffId: integer('staff_id').references(() => staffMembers.id),
    claimedBy: integer('claimed_by').references(() => users.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * A second owner or manager who approved a receipt above RECEIPT_APPROVAL_ABOVE (decision 0034): until then it
     * cannot be claimed. Never the member who entered it.
     */
    approvedBy: integer('approved_by').references(() => staffMembers.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('offline_orders_amounts', sql`${t.totalPiastres} >= 0 AND ${t.points} >= 0`),
    check('offline_orders_approver_not_enterer', sql`${t.approvedBy} IS NULL OR ${t.approvedBy} IS DISTINCT FROM ${t.staffId}`),
  ],
);
