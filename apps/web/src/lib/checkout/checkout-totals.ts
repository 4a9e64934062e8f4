/**
 * The checkout's amounts as the API will compute them (docs/orders.md "Placing an order"), so the summary the shopper
 * confirms is the order they get: integer piastres throughout, the promotion's discount as the cart computed it
 * (`promotionDiscountPiastres`), points worth a fixed value each and never more than what remains to pay, delivery free once the amount
 * payable reaches the threshold, a gift wrap on top. The server re-reads prices and decides; this only shows.
 */
import { pointsForPayment, toPiastres } from '@attar/contract/rules';

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

export type CheckoutTotals = {
  subtotal: number;
  discount: number;
  pointsUsed: number;
  pointsDiscount: number;
  /** null until an address is chosen. */
  deliveryFee: number | null;
  /** The gift wrap's fee; 0 when not wrapped. */
  giftWrap: number;
  total: number;
  pointsEarned: number;
};

const toPounds = (piastres: number) => piastres / 100;

export function checkoutTotals(input: CheckoutInput, rates: CheckoutRates): CheckoutTotals {
  const subtotal = toPiastres(input.subtotal);
  const discount = toPiastres(input.discount);
  const pointValue = toPiastres(rates.pointValue);
  const pointsUsed = pointValue > 0 ? Math.min(input.pointsAvailable, Math.floor((subtotal - discount) / pointValue)) : 0;
  const pointsDiscount = pointsUsed * pointValue;
  const payable = subtotal - discount - pointsDiscount;
  const free = rates.freeShippingAfter !== null && payable >= toPiastres(rates.freeShippingAfter);
  const deliveryFee = input.regionFee === null ? null : free ? 0 : toPiastres(input.regionFee);
  // Like delivery, the wrap is on top of the goods: it does not count towards free delivery or points.
  const giftWrap = input.giftWrap ? toPiastres(rates.giftWrapFee) : 0;
  return {
    subtotal: toPounds(subtotal),
    discount: toPounds(discount),
    pointsUsed,
    pointsDiscount: toPounds(pointsDiscount),
    deliveryFee: deliveryFee === null ? null : toPounds(deliveryFee),
    giftWrap: toPounds(giftWrap),
    total: toPounds(payable + (deliveryFee ?? 0) + giftWrap),
    pointsEarned: pointsForPayment(payable, toPiastres(rates.spendPerPoint)),
  };
}
