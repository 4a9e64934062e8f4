import { toPiastres } from './money';
import { pointsForPayment } from './points';

/**
 * An order's amounts from its goods, as the API places it and as the checkout and the back office's phone orders show
 * it before placing (docs/orders.md "Placing an order"). Everything in whole piastres:
 * - points are spent at a fixed value each, never more than the buyer offers nor more than the goods cost after the
 *   promotion (whole points only);
 * - delivery is free once the amount payable (after the promotion and the points) reaches the threshold, else the
 *   governorate's fee (unknown until an address is chosen: null, and left out of the total), unless staff set the fee
 *   by hand;
 * - a gift wrap is a service on top of the goods: it neither counts towards free delivery nor earns points;
 * - points are earned on the amount payable, by accounts only.
 */
export type OrderAmountsInput = {
  /** The lines' sum. */
  subtotal: number;
  /** What the promotion takes off the lines. */
  discount: number;
  /** The points the buyer offers to spend (their balance, or fewer); 0 for none. */
  pointsOffered: number;
  /** The governorate's delivery fee; null until an address is chosen. */
  regionFee: number | null;
  giftWrap: boolean;
  /** An account's order earns points; a guest's does not. */
  earnsPoints: boolean;
  /** A fee staff set by hand on an order (decision 0057): it replaces the governorate's fee and free delivery. */
  feeByHand?: number | null | undefined;
};

/** The shop's settings the amounts depend on, in piastres. */
export type OrderRates = {
  /** What one point takes off. */
  pointValue: number;
  /** Paid per point earned. */
  piastresPerPoint: number;
  /** Delivery is free from this amount payable; null when it is not known (never free then). */
  freeShippingAfter: number | null;
  giftWrapFee: number;
};

export type OrderAmounts = {
  subtotal: number;
  discount: number;
  pointsUsed: number;
  pointsDiscount: number;
  /** The goods after the promotion and the points: what free delivery and points earned are counted on. */
  payable: number;
  /** null until an address is chosen. */
  deliveryFee: number | null;
  /** 0 when not wrapped. */
  giftWrap: number;
  total: number;
  pointsEarned: number;
};

export function orderAmounts(input: OrderAmountsInput, rates: OrderRates): OrderAmounts {
  const goods = input.subtotal - input.discount;
  const pointsUsed = rates.pointValue > 0 ? Math.max(0, Math.min(input.pointsOffered, Math.floor(goods / rates.pointValue))) : 0;
  const pointsDiscount = pointsUsed * rates.pointValue;
  const payable = goods - pointsDiscount;
  const free = rates.freeShippingAfter !== null && payable >= rates.freeShippingAfter;
  const byRule = input.regionFee === null ? null : free ? 0 : input.regionFee;
  const deliveryFee = input.feeByHand ?? byRule;
  const giftWrap = input.giftWrap ? rates.giftWrapFee : 0;
  return {
    subtotal: input.subtotal,
    discount: input.discount,
    pointsUsed,
    pointsDiscount,
    payable,
    deliveryFee,
    giftWrap,
    total: payable + (deliveryFee ?? 0) + giftWrap,
    pointsEarned: input.earnsPoints ? pointsForPayment(payable, rates.piastresPerPoint) : 0,
  };
}

/** `orderAmounts` over pounds, as the API answers amounts (summed in whole piastres all the same). */
export function orderAmountsInPounds(input: OrderAmountsInput, rates: OrderRates): OrderAmounts {
  const inPiastres = orderAmounts(
    {
      ...input,
      subtotal: toPiastres(input.subtotal),
      discount: toPiastres(input.discount),
      regionFee: input.regionFee === null ? null : toPiastres(input.regionFee),
      feeByHand: input.feeByHand == null ? null : toPiastres(input.feeByHand),
    },
    {
      pointValue: toPiastres(rates.pointValue),
      piastresPerPoint: toPiastres(rates.piastresPerPoint),
      freeShippingAfter: rates.freeShippingAfter === null ? null : toPiastres(rates.freeShippingAfter),
      giftWrapFee: toPiastres(rates.giftWrapFee),
    },
  );
  const pounds = (piastres: number) => piastres / 100;
  return {
    ...inPiastres,
    subtotal: pounds(inPiastres.subtotal),
    discount: pounds(inPiastres.discount),
    pointsDiscount: pounds(inPiastres.pointsDiscount),
    payable: pounds(inPiastres.payable),
    deliveryFee: inPiastres.deliveryFee === null ? null : pounds(inPiastres.deliveryFee),
    giftWrap: pounds(inPiastres.giftWrap),
    total: pounds(inPiastres.total),
  };
}
