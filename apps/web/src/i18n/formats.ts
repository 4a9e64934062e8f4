import { localeConfig, perLanguage } from './locales';

/*
 * Dates and lists, apart from locales.ts: the account and product pages use them, and every page's first load carries
 * locales.ts (numbers).
 */

/** The shop's time zone: dates are the day it was in Egypt, wherever the shopper is. */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
const dateFormat = perLanguage((numberLocale) => new Intl.DateTimeFormat(numberLocale, { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE }));

/** A moment as its calendar date in Cairo: "Mar 5, 2025" (en), "٠٥/٠٣/٢٠٢٥" in Arabic-Indic digits (ar). */
export function formatDate(moment: string | Date, locale: string): string {
  return dateFormat(locale).format(typeof moment === 'string' ? new Date(moment) : moment);
}

const dateTimeFormat = perLanguage(
  (numberLocale) => new Intl.DateTimeFormat(numberLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
);

/** A moment as its date and time of day in Cairo: "Mar 5, 2025, 2:05 PM" (en), Arabic-Indic digits (ar). */
export function formatDateTime(moment: string | Date, locale: string): string {
  return dateTimeFormat(locale).format(typeof moment === 'string' ? new Date(moment) : moment);
}

const yearFormat = perLanguage((numberLocale) => new Intl.DateTimeFormat(numberLocale, { year: 'numeric', timeZone: SHOP_TIME_ZONE }));

/** The year it is (or was) in Cairo at a moment: "2026" (en), "٢٠٢٦" (ar). */
export function formatYear(moment: Date, locale: string): string {
  return yearFormat(locale).format(moment);
}

const deliveryDayFormat = perLanguage(
  // English says "Sun 30 Nov" the British way; Arabic spells the weekday and month out: "الأحد ٣٠ نوفمبر".
  (numberLocale) =>
    numberLocale.startsWith('ar')
      ? new Intl.DateTimeFormat(numberLocale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
      : new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
);

/** A calendar date ("2026-11-30", already a Cairo day) as a delivery day: "Mon 30 Nov", "الاثنين ٣٠ نوفمبر". */
export function formatDeliveryDay(day: string, locale: string): string {
  return deliveryDayFormat(locale)
    .formatToParts(new Date(`${day}T00:00:00Z`))
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value)
    .join(' ');
}

/** "rose, oud, amber" / "ورد، عود، عنبر": a plain list joined the way the language writes it. */
export function formatList(items: string[], locale: string): string {
  return new Intl.ListFormat(localeConfig(locale).lang, { style: 'short', type: 'unit' }).format(items);
}
