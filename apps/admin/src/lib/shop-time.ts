/**
 * Times typed in a `datetime-local` field (publishing a product later) read on the shop's clock, Cairo's, wherever the
 * screen is, as every time the back office shows is; the API takes them as ISO 8601 with the offset they had then
 * (Egypt keeps summer time, so +02:00 or +03:00).
 */
import { SHOP_TIME_ZONE } from './format';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallTimeAt(instant: number): WallTime {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How many minutes Cairo's clock is ahead of UTC at an instant. */
const offsetAt = (instant: number) => (asUtc(wallTimeAt(instant)) - Math.floor(instant / 1000) * 1000) / 60_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar and clock of a UTC instant, as they read in UTC. */
function wallOfUtc(instant: number): WallTime {
  const date = new Date(instant);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

const inputValue = (wall: WallTime) => `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;

/** An instant as a `datetime-local` value on Cairo's clock: "2026-07-15T14:30". */
export const toShopInput = (instant: string | Date) => inputValue(wallTimeAt(new Date(instant).getTime()));

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value read on Cairo's clock, as ISO 8601 with Cairo's offset at that time
 * ("2026-07-15T14:30:00+03:00"); null when it is not a date and time. A time the clocks skip (the spring change) moves
 * forward by the hour skipped.
 */
export function fromShopInput(value: string): string | null {
  const match = INPUT_VALUE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute, second };
  // 30 February or 25:00 would roll over into another day: not a time anyone meant.
  if (inputValue(wallOfUtc(asUtc(wall))) !== inputValue(wall) || second > 59) return null;
  // Cairo's offset at a first guess, then at the instant that gives: they differ only next to a change of the clocks.
  const guess = asUtc(wall) - offsetAt(asUtc(wall)) * 60_000;
  const instant = asUtc(wall) - offsetAt(guess) * 60_000;
  const offset = offsetAt(instant);
  const sign = offset < 0 ? '-' : '+';
  const shown = wallTimeAt(instant);
  return `${inputValue(shown)}:${pad(shown.second)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
