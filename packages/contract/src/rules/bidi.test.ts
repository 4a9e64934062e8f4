import { describe, expect, it } from 'vitest';
import { isolated, isolatedLtr } from './bidi';

describe('directional isolates', () => {
  it('wrap typed text in first-strong isolates, so quote marks around a Latin word stay where Arabic put them', () => {
    const heading = `نتائج البحث عن «${isolated('yasmeen')}»`;
    expect(heading).toBe('نتائج البحث عن «\u2068yasmeen\u2069»');
  });

  it('wrap values in left-to-right isolates', () => {
    expect(isolatedLtr('+20 105 555 6666')).toBe('\u2066+20 105 555 6666\u2069');
  });
});
