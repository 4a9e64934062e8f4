/**
 * The reports' periods (decisions 0023 and 0056): ranges of Cairo calendar days, both ends included, written
 * "2026-11-29". A preset is the last 1, 7 or 30 days with today; the previous period is the same number of days just
 * before the range.
 */

const DAY_MS = 86_400_000;
const cairoCalendar = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' });

/** A range of Cairo days, both included. */
export type DayRange = { from: string; to: string };

/** The day `days` days after `day` (before, when negative). */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today on Cairo's calendar at `now`, `daysAgo` days back. */
export const shopDay = (daysAgo = 0, now = new Date()) => addDays(cairoCalendar.format(now), -daysAgo);

/** How many days a range covers, both ends included (0 or less when it ends before it begins). */
export const rangeDays = ({ from, to }: DayRange) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** How many days each preset covers, today included. */
export const REPORT_PRESET_DAYS = { today: 1, '7d': 7, '30d': 30 } as const;
export type ReportPreset = keyof typeof REPORT_PRESET_DAYS;

/** The days a preset covers at `now`. */
export const presetRange = (preset: ReportPreset, now = new Date()): DayRange => ({
  from: shopDay(REPORT_PRESET_DAYS[preset] - 1, now),
  to: shopDay(0, now),
});

/** The same number of days just before `range`. */
export function previousRange(range: DayRange): DayRange {
  return { from: addDays(range.from, -rangeDays(range)), to: addDays(range.from, -1) };
}
