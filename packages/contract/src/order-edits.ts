/**
 * Staff correct an order before its hand-over (decision 0057): its lines (units, sizes, lines removed and added), its
 * delivery address and with it the governorate's fee, or a fee set by hand with a reason. The edit names the order's
 * version; a preview answers what saving would do (amounts before and after, the promotion, stock short, money back)
 * through the same code as the save, which then changes the order in one transaction.
 */
import { z } from 'zod';
import { GuestOrderItem, GuestOrderRequest, StockConflictBody } from './checkout';
import { INT4_MAX, Money } from './common';

/** A delivery fee set by hand, in pounds, and why (kept on the order and in the audit log). */
export const DeliveryFeeByHand = z.object({
  amount: Money.min(0).max(100_000),
  reason: z.string().trim().min(1).max(500),
});
export type DeliveryFeeByHand = z.infer<typeof DeliveryFeeByHand>;

export const StaffOrderEditRequest = z.object({
  version: z.number().int().min(1).max(INT4_MAX),
  /** Every line the order keeps or gains: a product in a size, or an offer, with its units. */
  items: z.array(GuestOrderItem).min(1).max(50),
  /** The new delivery address; absent: the order's own. */
  address: GuestOrderRequest.shape.address.optional(),
  /** A fee set by hand; absent or null: the governorate's fee under the shop's rules. */
  delivery_fee: DeliveryFeeByHand.nullable().optional(),
  /** Take the order's promotion off (when it no longer applies to the new lines, saving refuses to keep it). */
  remove_promotion: z.boolean().optional(),
});
export type StaffOrderEditRequest = z.infer<typeof StaffOrderEditRequest>;
export type StaffOrderEditInput = z.input<typeof StaffOrderEditRequest>;

/** An order's amounts as an edit shows them, in pounds. */
export const OrderEditAmounts = z.object({
  subtotal: Money,
  discount: Money,
  points_used: z.number().int().nonnegative(),
  points_discount: Money,
  delivery_fee: Money,
  gift_wrap: Money,
  total: Money,
  points_earned: z.number().int().nonnegative(),
});
export type OrderEditAmounts = z.infer<typeof OrderEditAmounts>;

/** `POST /api/staff/orders/{id}/edit/preview/`: what saving the edit would do, nothing changed. */
export const StaffOrderEditPreview = z.object({
  before: OrderEditAmounts,
  after: OrderEditAmounts,
  /** The new total less the old (negative when it falls). */
  difference: Money,
  /** The order's promotion and whether it still applies to the new lines (why not, in words, when it does not). */
  promotion: z.object({ code: z.string(), applies: z.boolean(), detail: z.string().nullable() }).nullable(),
  /** Lines the shelves cannot serve now: saving is refused until they change. */
  short: StockConflictBody.shape.lines,
  /** A paid order: what the lower total gives back to the payment. */
  refund: Money,
  /** A paid order: what the higher total leaves it owing, asked for by a payment link once saved (decision 0062). */
  balance_due: Money,
  /** Why saving would be refused whatever the stock (a paid order still owing a balance); null when it would not. */
  refused: z.object({ code: z.string(), detail: z.string() }).nullable(),
});
export type StaffOrderEditPreview = z.infer<typeof StaffOrderEditPreview>;
