import { describe, expect, it } from 'vitest';
import { code128Symbols, code128Widths } from './code128';

describe('Code 128', () => {
  it('writes letters in code set B and a run of digits two to a symbol in code set C', () => {
    // Start B, A, T, Code C, 10, 01, 23; check (104 + 33 + 52·2 + 99·3 + 10·4 + 1·5 + 23·6) mod 103 = 0; stop.
    expect(code128Symbols('AT100123')).toEqual([104, 33, 52, 99, 10, 1, 23, 0, 106]);
  });

  it('keeps a short or odd run of digits in code set B where switching would not pay', () => {
    // PJJ123C: (104 + 48 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 55.
    expect(code128Symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    // Five digits at the end: the first in B, then two pairs in C.
    expect(code128Symbols('A12345')).toEqual([104, 33, 17, 99, 23, 45, expect.any(Number), 106]);
  });

  it('starts in code set C for digits only, and goes back to B for what follows them', () => {
    expect(code128Symbols('123456')).toEqual([105, 12, 34, 56, (105 + 12 + 34 * 2 + 56 * 3) % 103, 106]);
    expect(code128Symbols('1234X').slice(0, 5)).toEqual([105, 12, 34, 100, 56]);
  });

  it('draws eleven modules a symbol and thirteen for the stop, starting and ending with a bar', () => {
    const widths = code128Widths('AT100123');
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(8 * 11 + 13);
    expect(widths).toHaveLength(8 * 6 + 7);
  });

  it('refuses what Code 128 B cannot carry', () => {
    expect(() => code128Symbols('طلب')).toThrow(RangeError);
    expect(() => code128Symbols('')).toThrow(RangeError);
  });
});
