import { describe, expect, it } from 'vitest';
import { orderAmounts, orderAmountsInPounds, type OrderAmounts, type OrderAmountsInput, type OrderRates } from './order-amounts';

/** The demo shop's settings: a point is worth 1 LE, 10 LE paid earns one, free delivery from 1,500 LE, wrap 25 LE. */
const RATES: OrderRates = { pointValue: 100, piastresPerPoint: 1_000, freeShippingAfter: 150_000, giftWrapFee: 2_500 };
const ORDER: OrderAmountsInput = { subtotal: 67_000, discount: 0, pointsOffered: 0, regionFee: 5_000, giftWrap: false, earnsPoints: true };

describe('orderAmounts', () => {
  it.each<[string, Partial<OrderAmountsInput>, Partial<OrderRates>, Partial<OrderAmounts>]>([
    ['goods and the fee', {}, {}, { payable: 67_000, deliveryFee: 5_000, total: 72_000, pointsEarned: 67 }],
    ['no address yet: no fee in the total', { regionFee: null }, {}, { deliveryFee: null, total: 67_000 }],
    ['a promotion comes off before points are earned', { discount: 6_700 }, {}, { payable: 60_300, total: 65_300, pointsEarned: 60 }],
    [
      'points spent: their value off, none earned on it',
      { pointsOffered: 104 },
      {},
      { pointsUsed: 104, pointsDiscount: 10_400, payable: 56_600, total: 61_600, pointsEarned: 56 },
    ],
    [
      'never more points than the goods cost after the promotion',
      { subtotal: 9_950, discount: 1_000, pointsOffered: 500 },
      {},
      { pointsUsed: 89, pointsDiscount: 8_900, payable: 50, total: 5_050, pointsEarned: 0 },
    ],
    ['no point value: no points spent', { pointsOffered: 50 }, { pointValue: 0 }, { pointsUsed: 0, pointsDiscount: 0, total: 72_000 }],
    ['free delivery at the threshold exactly', { subtotal: 150_000 }, {}, { deliveryFee: 0, total: 150_000 }],
    ['a piastre under it pays the fee', { subtotal: 149_999 }, {}, { deliveryFee: 5_000, total: 154_999 }],
    [
      'points spent can bring an order under the threshold',
      { subtotal: 150_000, pointsOffered: 1 },
      {},
      { payable: 149_900, deliveryFee: 5_000 },
    ],
    ['a promotion can too', { subtotal: 160_000, discount: 16_000 }, {}, { payable: 144_000, deliveryFee: 5_000, total: 149_000 }],
    ["a fee set by hand replaces the governorate's", { feeByHand: 2_000 }, {}, { deliveryFee: 2_000, total: 69_000 }],
    ['a fee set by hand holds past the free-delivery threshold', { subtotal: 200_000, feeByHand: 1_500 }, {}, { deliveryFee: 1_500 }],
    ['a fee set by hand may be nothing', { feeByHand: 0 }, {}, { deliveryFee: 0, total: 67_000 }],
    ['an unknown threshold never frees delivery', { subtotal: 900_000 }, { freeShippingAfter: null }, { deliveryFee: 5_000 }],
    [
      'the wrap is on top: no points on it, no help towards free delivery',
      { subtotal: 148_000, giftWrap: true },
      {},
      { giftWrap: 2_500, deliveryFee: 5_000, total: 155_500, pointsEarned: 148 },
    ],
    ['a guest earns no points', { earnsPoints: false }, {}, { pointsEarned: 0, total: 72_000 }],
    ['no rate: no points earned', {}, { piastresPerPoint: 0 }, { pointsEarned: 0 }],
    [
      'a whole order paid in points',
      { subtotal: 30_000, pointsOffered: 300 },
      {},
      { pointsUsed: 300, payable: 0, total: 5_000, pointsEarned: 0 },
    ],
  ])('%s', (_, input, rates, expected) => {
    expect(orderAmounts({ ...ORDER, ...input }, { ...RATES, ...rates })).toMatchObject(expected);
  });

  it('adds up: goods − promotion − points + delivery + wrap', () => {
    const amounts = orderAmounts({ ...ORDER, discount: 3_000, pointsOffered: 20, giftWrap: true }, RATES);
    expect(amounts.total).toBe(amounts.subtotal - amounts.discount - amounts.pointsDiscount + amounts.deliveryFee! + amounts.giftWrap);
  });

  it('reads pounds as the API answers them, summing in whole piastres', () => {
    const inPounds = orderAmountsInPounds(
      { subtotal: 0.1 + 0.2, discount: 0, pointsOffered: 0, regionFee: 50.1, giftWrap: true, earnsPoints: true },
      { pointValue: 1, piastresPerPoint: 10, freeShippingAfter: null, giftWrapFee: 25 },
    );
    expect(inPounds).toMatchObject({ subtotal: 0.3, deliveryFee: 50.1, giftWrap: 25, total: 75.4, pointsEarned: 0 });
  });
});
