import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryPromise, type DeliverySchedule } from '../rules';

const SCHEDULE: DeliverySchedule = { cutoff: '14:00', weeklyOff: [5], holidays: [] };
const CAIRO = { minDays: 1, maxDays: 2 };
/** A moment given on Cairo's clock in winter (UTC+2). */
const winter = (local: string) => new Date(`${local}+02:00`);

describe('deliveryPromise', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('counts working days from the order day before the cut-off, from the next working day at or after it', () => {
    // Sunday 29 November 2026.
    expect(deliveryPromise(winter('2026-11-29T13:59'), CAIRO, SCHEDULE)).toEqual({ earliest: '2026-11-30', latest: '2026-12-01' });
    expect(deliveryPromise(winter('2026-11-29T14:00'), CAIRO, SCHEDULE)).toEqual({ earliest: '2026-12-01', latest: '2026-12-02' });
  });

  it('never counts or delivers on a Friday', () => {
    // Wednesday before the cut-off: Thursday, then Saturday (Friday skipped).
    expect(deliveryPromise(winter('2026-12-02T09:00'), CAIRO, SCHEDULE)).toEqual({ earliest: '2026-12-03', latest: '2026-12-05' });
    // Placed on Friday morning: counts from Saturday whatever the time.
    expect(deliveryPromise(winter('2026-12-04T08:00'), CAIRO, SCHEDULE)).toEqual({ earliest: '2026-12-06', latest: '2026-12-07' });
    // Same-day range starting on a day off lands on the next working day.
    expect(deliveryPromise(winter('2026-12-04T08:00'), { minDays: 0, maxDays: 0 }, SCHEDULE)).toEqual({
      earliest: '2026-12-05',
      latest: '2026-12-05',
    });
  });

  it('skips the shop’s holidays and its edited weekly days off', () => {
    const holidays = { ...SCHEDULE, holidays: ['2026-11-30'] };
    expect(deliveryPromise(winter('2026-11-29T10:00'), CAIRO, holidays)).toEqual({ earliest: '2026-12-01', latest: '2026-12-02' });
    // An order on the holiday itself counts from the next day.
    expect(deliveryPromise(winter('2026-11-30T10:00'), CAIRO, holidays)).toEqual({ earliest: '2026-12-02', latest: '2026-12-03' });
    const weekend = { ...SCHEDULE, weeklyOff: [5, 6] };
    expect(deliveryPromise(winter('2026-12-03T10:00'), CAIRO, weekend)).toEqual({ earliest: '2026-12-06', latest: '2026-12-07' });
  });

  it('crosses month and year ends', () => {
    // Wednesday 30 December 2026 after the cut-off: from Thursday 31, Aswan's 4–6 days.
    expect(deliveryPromise(winter('2026-12-30T18:00'), { minDays: 4, maxDays: 6 }, SCHEDULE)).toEqual({
      earliest: '2027-01-05',
      latest: '2027-01-07',
    });
    expect(deliveryPromise(winter('2026-10-31T09:00'), CAIRO, SCHEDULE)).toEqual({ earliest: '2026-11-01', latest: '2026-11-02' });
  });

  it('reads the moment on Cairo’s clock, summer time included, not the server’s', () => {
    // 22:30 UTC on Saturday is 00:30 on Sunday in Cairo: Sunday, before the cut-off.
    const lateSaturdayUtc = new Date('2026-11-28T22:30:00Z');
    expect(deliveryPromise(lateSaturdayUtc, CAIRO, SCHEDULE)).toEqual({ earliest: '2026-11-30', latest: '2026-12-01' });
    // In summer (UTC+3) 11:30 UTC is 14:30 in Cairo: past the cut-off although UTC says 11:30.
    expect(deliveryPromise(new Date('2026-07-05T11:30:00Z'), CAIRO, SCHEDULE)).toEqual({ earliest: '2026-07-07', latest: '2026-07-08' });
    expect(deliveryPromise(new Date('2026-07-05T10:59:00Z'), CAIRO, SCHEDULE)).toEqual({ earliest: '2026-07-06', latest: '2026-07-07' });
  });

  it('gives the same answer whatever time zone the process runs in', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    vi.resetModules();
    const { deliveryPromise: elsewhere } = await import('./delivery');
    // 12:30 UTC on Sunday: 04:30 in Los Angeles (before the cut-off there) but 14:30 in Cairo (after it).
    const sundayNoonUtc = new Date('2026-11-29T12:30:00Z');
    expect(sundayNoonUtc.getHours()).toBe(4);
    expect(elsewhere(sundayNoonUtc, CAIRO, SCHEDULE)).toEqual({ earliest: '2026-12-01', latest: '2026-12-02' });
  });

  it('refuses a week with no working day rather than looping', () => {
    expect(() => deliveryPromise(winter('2026-11-29T10:00'), CAIRO, { ...SCHEDULE, weeklyOff: [0, 1, 2, 3, 4, 5, 6] })).toThrow(RangeError);
  });
});
