/**
 * The checkout's amounts as the API will compute them, so the summary the shopper confirms is the order they get: the
 * contract's `orderAmounts` (one rule for the API, the checkout and the back office's phone orders) over the pounds the
 * API answers, with the promotion's discount as the cart computed it (`promotionDiscountPiastres`). The server re-reads
 * prices and decides; this only shows.
 */
import { orderAmountsInPounds, type OrderAmounts } from '@attar/contract/rules';

export type CheckoutRates = {
  /** Pounds one point takes off. */
  pointValue: number;
  /** Pounds paid per point earned. */
  spendPerPoint: number;
  /** Free delivery from this amount payable; null when unknown. */
  freeShippingAfter: number | null;
  /** What wrapping the order as a gift costs, in pounds. */
  giftWrapFee: number;
};

export type CheckoutInput = {
  /** Sum of the counted lines, in pounds. */
  subtotal: number;
  /** What the promotion takes off, in pounds. */
  discount: number;
  /** The shopper's balance when they choose to spend points, otherwise 0. */
  pointsAvailable: number;
  /** The governorate's fee in pounds; null until an address is chosen. */
  regionFee: number | null;
  /** The order is wrapped as a gift. */
  giftWrap: boolean;
};

/** The amounts the summary shows: the contract's, in pounds (what free delivery is counted on stays inside). */
export type CheckoutTotals = Omit<OrderAmounts, 'payable'>;

export function checkoutTotals(input: CheckoutInput, rates: CheckoutRates): CheckoutTotals {
  const { payable: _, ...amounts } = orderAmountsInPounds(
    {
      subtotal: input.subtotal,
      discount: input.discount,
      pointsOffered: input.pointsAvailable,
      regionFee: input.regionFee,
      giftWrap: input.giftWrap,
      earnsPoints: true,
    },
    {
      pointValue: rates.pointValue,
      piastresPerPoint: rates.spendPerPoint,
      freeShippingAfter: rates.freeShippingAfter,
      giftWrapFee: rates.giftWrapFee,
    },
  );
  return amounts;
}
