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

/**
 * The parts of an address on one line ("Building 3, Floor 2" / "مبنى ٣، الدور ٢"): with the language's comma only,
 * never "و" (Arabic lists join their last item with "و", which an address must not).
 */
export function formatAddressParts(parts: string[], locale: string): string {
  return parts.join(localeConfig(locale).lang === 'ar' ? '، ' : ', ');
}

/** "rose, oud, amber" / "ورد، عود، عنبر": a plain list joined the way the language writes it. */
export function formatList(items: string[], locale: string): string {
  return new Intl.ListFormat(localeConfig(locale).lang, { style: 'short', type: 'unit' }).format(items);
}
