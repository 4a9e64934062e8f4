import { describe, expect, it } from 'vitest';
import { fromShopInput, toShopInput } from './shop-time';

describe('times on the shop’s clock', () => {
  it('read a datetime-local value in Cairo, with the offset of that day (summer time included)', () => {
    expect(fromShopInput('2026-01-15T10:30')).toBe('2026-01-15T10:30:00+02:00');
    expect(fromShopInput('2026-07-15T10:30')).toBe('2026-07-15T10:30:00+03:00');
    expect(fromShopInput('2026-01-15T10:30:45')).toBe('2026-01-15T10:30:45+02:00');
    expect(Date.parse(fromShopInput('2026-07-15T10:30')!)).toBe(Date.parse('2026-07-15T07:30:00Z'));
  });

  it('move a time the clocks skip forward by the hour skipped', () => {
    // Summer time starts at midnight on the last Friday of April 2026: 00:30 does not happen that night.
    expect(fromShopInput('2026-04-24T00:30')).toBe('2026-04-24T01:30:00+03:00');
    expect(fromShopInput('2026-04-23T23:59')).toBe('2026-04-23T23:59:00+02:00');
  });

  it('refuse what is not a date and a time', () => {
    for (const value of ['', 'tomorrow', '2026-02-30T10:00', '2026-01-15T24:00', '2026-01-15', '2026-13-01T10:00'])
      expect(fromShopInput(value), value).toBeNull();
  });

  it('show an instant as Cairo’s wall clock, and read it back to the same instant', () => {
    expect(toShopInput('2026-07-15T07:30:00Z')).toBe('2026-07-15T10:30');
    expect(toShopInput('2026-01-15T08:30:00.000Z')).toBe('2026-01-15T10:30');
    const instant = '2026-03-01T21:05:00+02:00';
    expect(Date.parse(fromShopInput(toShopInput(instant))!)).toBe(Date.parse(instant));
  });
});
