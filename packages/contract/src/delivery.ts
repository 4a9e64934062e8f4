/**
 * The delivery promise's settings (decision 0037): each governorate's delivery time in working days, the daily
 * cut-off on Cairo's clock, the weekly days off and the public holidays. The storefront reads them publicly
 * (`GET /api/delivery/`) to show "Arrives … – …" with the rule in `rules/delivery.ts`; owners and managers edit them.
 */
import { z } from 'zod';
import { Id, Money } from './common';

/** A calendar date, "2026-11-30" (a real one: not 30 February). */
export const CalendarDate = z.iso.date();
/** A holiday: a real date this millennium (PostgreSQL has no year 0, and no shop plans further). */
const HolidayDate = CalendarDate.refine((day) => day >= '2000-01-01' && day <= '2999-12-31');
/** A time of day on Cairo's clock, "14:00". */
export const CutoffTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** 0 = Sunday … 6 = Saturday. */
export const Weekday = z.number().int().min(0).max(6);
const DayCount = z.number().int().min(0).max(30);

/** The earliest and latest day an order arrives; null for orders placed before the shop promised dates. */
export const DeliveryPromiseDates = z.object({ earliest: CalendarDate, latest: CalendarDate });
export type DeliveryPromiseDates = z.infer<typeof DeliveryPromiseDates>;

export const DeliveryRegion = z.object({
  id: Id,
  slug: z.string(),
  name: z.string(),
  fee: Money,
  min_days: z.number().int(),
  max_days: z.number().int(),
});
export type DeliveryRegion = z.infer<typeof DeliveryRegion>;

/** What the storefront needs to show a promise for any governorate: holidays from today on only. */
export const DeliveryCalendar = z.object({
  cutoff: CutoffTime,
  weekly_off: z.array(Weekday),
  holidays: z.array(CalendarDate),
  regions: z.array(DeliveryRegion),
});
export type DeliveryCalendar = z.infer<typeof DeliveryCalendar>;

/** The shop's delivery calendar as the back office edits it: every holiday, past ones too. */
export const StaffDeliverySchedule = z.object({
  cutoff: CutoffTime,
  /** At least one weekday stays a working day. */
  weekly_off: z
    .array(Weekday)
    .max(6)
    .refine((days) => new Set(days).size === days.length),
  holidays: z
    .array(HolidayDate)
    .max(200)
    .refine((days) => new Set(days).size === days.length),
});
export type StaffDeliverySchedule = z.infer<typeof StaffDeliverySchedule>;

/** A governorate's delivery time: from `min_days` to `max_days` working days. */
export const StaffRegionDays = z
  .object({ min_days: DayCount, max_days: DayCount })
  .refine((days) => days.max_days >= days.min_days, { path: ['max_days'] });
export type StaffRegionDays = z.infer<typeof StaffRegionDays>;
