/**
 * The delivery promise ("Arrives Sun 30 Nov – Tue 2 Dec"): the earliest and latest day an order placed at a moment
 * reaches a governorate. Everything is read on Cairo's clock and calendar, wherever the code runs (decision 0037).
 */

/** The shop's delivery calendar: the daily cut-off, the weekdays couriers rest and the dated public holidays. */
export type DeliverySchedule = {
  /** "14:00" on Cairo's clock: an order placed at or after it counts from the next working day. */
  cutoff: string;
  /** Weekdays without deliveries, 0 = Sunday … 6 = Saturday (Friday, 5, by default). */
  weeklyOff: readonly number[];
  /** Public holidays, "2026-12-25". */
  holidays: readonly string[];
};

/** A governorate's delivery time in working days (0: the day the order counts from). */
export type DeliveryDays = { minDays: number; maxDays: number };

/** Calendar dates, "2026-11-30". */
export type DeliveryPromise = { earliest: string; latest: string };

const cairoClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Africa/Cairo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const DAY_MS = 86_400_000;

/** "2026-11-30" of a UTC midnight. */
const isoDay = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** The Cairo calendar day (as its UTC midnight) and the Cairo time of day ("09:05") of a moment. */
function cairoWallTime(at: Date): { day: number; time: string } {
  const parts = Object.fromEntries(cairoClock.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    day: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)),
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * When an order placed at `at` arrives: it counts from that day when the day is a working day and the order came
 * before the cut-off, else from the next working day; then `minDays` and `maxDays` working days more. Holidays and
 * weekly days off are skipped both in the counting and as arrival days.
 */
export function deliveryPromise(at: Date, days: DeliveryDays, schedule: DeliverySchedule): DeliveryPromise {
  const holidays = new Set(schedule.holidays);
  const off = new Set(schedule.weeklyOff);
  // A week with no working day would never arrive; the shop's settings refuse it, this guards the loop anyway.
  if ([0, 1, 2, 3, 4, 5, 6].every((weekday) => off.has(weekday))) throw new RangeError('No working day in the week');
  const working = (day: number) => !off.has(new Date(day).getUTCDay()) && !holidays.has(isoDay(day));
  const nextWorking = (day: number) => {
    let next = day + DAY_MS;
    while (!working(next)) next += DAY_MS;
    return next;
  };
  const wall = cairoWallTime(at);
  const start = working(wall.day) && wall.time < schedule.cutoff ? wall.day : nextWorking(wall.day);
  const after = (count: number) => {
    let day = start;
    for (let n = 0; n < count; n += 1) day = nextWorking(day);
    return day;
  };
  return { earliest: isoDay(after(days.minDays)), latest: isoDay(after(days.maxDays)) };
}
