import { describe, expect, it } from 'vitest';
import { pointsForPayment, toPiastres } from '@attar/contract/rules';
import { checkoutTotals } from './checkout-totals';

const rates = { pointValue: 0.1, spendPerPoint: 10, freeShippingAfter: 1500, giftWrapFee: 25 };

describe('checkoutTotals', () => {
  it('adds the governorate fee below the free-shipping threshold', () => {
    expect(checkoutTotals({ subtotal: 1249.5, discount: 0, pointsAvailable: 0, regionFee: 60, giftWrap: false }, rates)).toEqual({
      subtotal: 1249.5,
      discount: 0,
      pointsUsed: 0,
      pointsDiscount: 0,
      deliveryFee: 60,
      giftWrap: 0,
      total: 1309.5,
      pointsEarned: 124,
    });
  });

  it('takes the discount off and delivers free once the amount payable reaches the threshold', () => {
    const totals = checkoutTotals({ subtotal: 1666.67, discount: 166.66, pointsAvailable: 0, regionFee: 60, giftWrap: false }, rates);
    expect(totals.discount).toBe(166.66);
    expect(totals.deliveryFee).toBe(0);
    expect(totals.total).toBe(1500.01);
  });

  it('charges delivery again when points bring the amount payable under the threshold', () => {
    const totals = checkoutTotals({ subtotal: 1500, discount: 0, pointsAvailable: 30, regionFee: 45, giftWrap: false }, rates);
    expect(totals).toMatchObject({ pointsUsed: 30, pointsDiscount: 3, deliveryFee: 45, total: 1542, pointsEarned: 149 });
  });

  it('never spends more points than the amount still to pay', () => {
    const totals = checkoutTotals({ subtotal: 20, discount: 10, pointsAvailable: 5000, regionFee: null, giftWrap: false }, rates);
    expect(totals).toMatchObject({ discount: 10, pointsUsed: 100, pointsDiscount: 10, deliveryFee: null, total: 0, pointsEarned: 0 });
  });

  it('adds a gift wrap on top, counting neither towards free delivery nor towards points', () => {
    const totals = checkoutTotals({ subtotal: 1480, discount: 0, pointsAvailable: 0, regionFee: 60, giftWrap: true }, rates);
    expect(totals).toMatchObject({ deliveryFee: 60, giftWrap: 25, total: 1565, pointsEarned: 148 });
  });
});

describe('points earned on an amount (the contract’s rule, also on the product page)', () => {
  const pointsOn = (pounds: number, spendPerPoint: number) => pointsForPayment(toPiastres(pounds), toPiastres(spendPerPoint));

  it('gives whole points at the shop’s rate in pounds without a float’s error, none without a rate', () => {
    expect(pointsOn(1250, 10)).toBe(125);
    expect(pointsOn(459.99, 10)).toBe(45);
    expect(pointsOn(0.29, 0.1)).toBe(2);
    expect(pointsOn(1250, 0)).toBe(0);
  });

  it('is what the checkout says an order of that amount earns', () => {
    const order = checkoutTotals({ subtotal: 1250, discount: 0, pointsAvailable: 0, regionFee: 60, giftWrap: false }, rates);
    expect(order.pointsEarned).toBe(pointsOn(1250, rates.spendPerPoint));
  });
});
