import { describe, expect, it } from 'vitest';
import { pointsForPayment } from './points';

describe('points for a payment', () => {
  it('counts whole points at the shop rate, rounding down', () => {
    expect(pointsForPayment(104_999, 1_000)).toBe(104);
    expect(pointsForPayment(999, 1_000)).toBe(0);
  });

  it('gives none without a rate or an amount, never Infinity', () => {
    expect(pointsForPayment(50_000, 0)).toBe(0);
    expect(pointsForPayment(0, 1_000)).toBe(0);
    expect(pointsForPayment(-500, 1_000)).toBe(0);
  });
});
