import { describe, expect, it } from 'vitest';
import { canPayWith } from './payment';

describe('which ways to pay an order may use', () => {
  const shop = { methods: ['cod', 'card', 'valu'], valuMin: 1000 };

  it('takes only the ways the shop offers', () => {
    expect(canPayWith('card', shop, 10)).toBe(true);
    expect(canPayWith('wallet', shop, 5000)).toBe(false);
  });

  it('takes valU from its minimum total up', () => {
    expect(canPayWith('valu', shop, 999.99)).toBe(false);
    expect(canPayWith('valu', shop, 1000)).toBe(true);
    expect(canPayWith('valu', { ...shop, methods: ['cod'] }, 5000)).toBe(false);
  });
});
