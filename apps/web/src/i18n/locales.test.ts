import { describe, expect, it } from 'vitest';
import { formatNumber } from './locales';

describe('formatNumber', () => {
  it('groups thousands and keeps at most two decimals, per language', () => {
    expect(formatNumber(1249.456, 'en')).toBe('1,249.46');
    expect(formatNumber(1250, 'ar')).toBe('١٬٢٥٠');
  });
});
