/**
 * Days and times as staff read and type them in the back office's language: the day first, then the month and the year
 * ("26/11/2026", "٢٦/١١/٢٠٢٦", as Egypt writes a date), a time on the 24-hour clock ("14:30", "١٤:٣٠"), in the
 * language's digits; read back from what was typed, in either digits and with any separators, as the values the API
 * and the forms take ("2026-11-26"; "2026-11-26T14:30", a `datetime-local` value). A browser's own date field follows
 * the browser's language, not the screen's ("mm/dd/yyyy" on an Arabic screen), which is why the back office has these.
 */
import type { Locale } from '@attar/contract';
import { asciiDigits } from '@attar/contract/rules';

const DATE_LOCALES: Record<Locale, string> = { en: 'en-GB', ar: 'ar-EG' };
const dayTexts = Object.fromEntries(
  Object.entries(DATE_LOCALES).map(([locale, tag]) => [
    locale,
    new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;
const timeTexts = Object.fromEntries(
  Object.entries(DATE_LOCALES).map(([locale, tag]) => [
    locale,
    new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;

const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_TIME_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-11-26" as its language writes it: "26/11/2026", "٢٦‏/١١‏/٢٠٢٦" (marks keep the day first, on the right). */
export function writeDay(locale: Locale, day: string): string {
  return DAY_VALUE.test(day) ? dayTexts[locale].format(new Date(`${day}T00:00:00Z`)) : day;
}

/** "2026-11-26T14:30" as its language writes it: "26/11/2026 14:30", "٢٦‏/١١‏/٢٠٢٦ ١٤:٣٠". */
export function writeDayTime(locale: Locale, value: string): string {
  if (!DAY_TIME_VALUE.test(value)) return value;
  const instant = new Date(`${value}:00Z`);
  return `${dayTexts[locale].format(instant)} ${timeTexts[locale].format(instant)}`;
}

/** Digits and what may stand between them: separators, spaces, the letter T of a pasted ISO value, direction marks. */
const TYPED = /^[\d\s/\-.:,،T\u200E\u200F\u061C]*$/;

/** The groups of digits typed, in ASCII; null when anything else (a letter, "pm") was typed among them. */
function digitGroups(text: string): string[] | null {
  const ascii = asciiDigits(text.trim());
  return TYPED.test(ascii) ? ascii.split(/\D+/).filter(Boolean) : null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day from its typed groups, day first ("26 11 2026") or year first as ISO writes it ("2026 11 26"). */
function dayOf(groups: string[]): string | null {
  const [first = '', month = '', last = ''] = groups;
  const [year, day] = first.length === 4 ? [first, last] : [last, first];
  if (year.length !== 4 || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // 31/02 would roll over into March: not a day anyone meant.
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${pad(Number(month))}-${pad(Number(day))}`;
}

/** A typed day as "2026-11-26"; null when it is not one. */
export function readDay(text: string): string | null {
  const groups = digitGroups(text);
  return groups?.length === 3 ? dayOf(groups) : null;
}

/** A typed day and time as "2026-11-26T14:30"; null when they are not one. */
export function readDayTime(text: string): string | null {
  const groups = digitGroups(text);
  if (groups?.length !== 5) return null;
  const day = dayOf(groups.slice(0, 3));
  const [hour = '', minute = ''] = groups.slice(3);
  if (!day || !/^\d{1,2}$/.test(hour) || !/^\d{2}$/.test(minute) || Number(hour) > 23 || Number(minute) > 59) return null;
  return `${day}T${pad(Number(hour))}:${minute}`;
}
