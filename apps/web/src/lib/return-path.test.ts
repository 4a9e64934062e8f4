import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('accepts a path of this shop', () => {
    expect(returnPath('/checkout')).toBe('/checkout');
    expect(returnPath('/fragrances/oud-nights')).toBe('/fragrances/oud-nights');
  });

  it('refuses anything that could leave the shop or is not a plain path', () => {
    for (const value of ['//evil.example', 'https://evil.example', '/\\evil.example', 'checkout', '/a?b=c', '/a#b', '', null, undefined]) {
      expect(returnPath(value)).toBeNull();
    }
  });
});
