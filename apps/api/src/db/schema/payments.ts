import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paymob', 'test'] }).notNull(),
    /** How the shopper pays online: each has its own Paymob integration and its own signed callback path. */
    method: text('method', { enum: ['card', 'wallet', 'kiosk', 'valu'] })
      .notNull()
      .default('card'),
    /** The reference a kiosk order is paid with in cash (Paymob's bill reference); null for other methods. */
    kioskReference: text('kiosk_reference'),
    /**
     * 128 random bits naming the payment to the gateway (Paymob's merchant_order_id, the test gateway's address). Only
     * whoever placed the order is ever shown it, so holding it is the owner's capability.
     */
    reference: text('reference').notNull(),
    amountPiastres: integer('amount_piastres').notNull(),
    /**
     * What the payment is for: the order (its first payment), or the balance a paid order owes after staff raised its
     * total (decision 0062), paid from the order's payment link without moving the order's status.
     */
    purpose: text('purpose', { enum: ['order', 'balance'] })
      .notNull()
      .default('order'),
    status: text('status', { enum: ['pending', 'paid', 'declined', 'refund_pending', 'refunded'] })
      .notNull()
      .default('pending'),
    /** What refunds have taken back, pending ones included: never more than was paid. */
    refundedPiastres: integer('refunded_piastres').notNull().default(0),
    /** Where the shopper pays (the hosted payment page). */
    redirectUrl: text('redirect_url'),
    /** The gateway's transaction id from the signed callback: a replayed callback finds it already recorded. */
    transactionId: text('transaction_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_transaction').on(t.provider, t.transactionId),
    uniqueIndex('payments_reference_unique').on(t.reference),
    // An order's payments; with what the reports reconcile of them after the order id, read from the index alone.
    index('payments_order_idx').on(t.orderId, t.status, t.amountPiastres, t.refundedPiastres, t.id),
    // One balance waits for its money at a time: a second could be paid twice for the same difference.
    uniqueIndex('payments_one_pending_balance')
      .on(t.orderId)
      .where(sql`${t.purpose} = 'balance' AND ${t.status} = 'pending'`),
    check('payments_purpose_known', sql`${t.purpose} IN ('order', 'balance')`),
    check('payments_status_known', sql`${t.status} IN ('pending', 'paid', 'declined', 'refund_pending', 'refunded')`),
    check('payments_method_known', sql`${t.method} IN ('card', 'wallet', 'kiosk', 'valu')`),
    check('payments_kiosk_reference', sql`(${t.kioskReference} IS NOT NULL) <= (${t.method} = 'kiosk')`),
    check(
      'payments_amounts',
      sql`${t.amountPiastres} >= 0 AND ${t.refundedPiastres} >= 0 AND ${t.refundedPiastres} <= ${t.amountPiastres}`,
    ),
  ],
);

/** Money given back on a card payment, through its gateway. Rows are added, settled once, never deleted. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountPiastres: integer('amount_piastres').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull(),
    /** The gateway's id for the refund transaction. */
    providerReference: text('provider_reference'),
    error: text('error'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_positive', sql`${t.amountPiastres} > 0`),
    check('refunds_status_known', sql`${t.status} IN ('pending', 'confirmed', 'failed')`),
  ],
);
