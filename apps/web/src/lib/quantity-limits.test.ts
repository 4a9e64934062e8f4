import { describe, expect, it } from 'vitest';
import { quantityLimits } from './quantity';
import { stepWithin } from './quantity-limits';

describe('quantity limits', () => {
  it('caps at the stock, or at 10 when the stock is missing or zero', () => {
    expect(quantityLimits(3)).toEqual({ min: 1, max: 3 });
    expect(quantityLimits(0)).toEqual({ min: 1, max: 10 });
    expect(quantityLimits(null)).toEqual({ min: 1, max: 10 });
  });

  it('steps up and down without leaving the limits', () => {
    const limits = quantityLimits(3);
    expect(stepWithin(1, -1, limits)).toBe(1);
    expect(stepWithin(1, 1, limits)).toBe(2);
    expect(stepWithin(3, 1, limits)).toBe(3);
    expect(stepWithin(7, 0, limits)).toBe(3);
  });
});
