/** The back office's one way to show amounts, numbers and dates, in the chosen language (Arabic with Arabic-Indic digits). */
import type { Locale } from '@attar/contract';

const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-EG', ar: 'ar-EG' };

const moneyFormats = {
  en: new Intl.NumberFormat(NUMBER_LOCALES.en, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ar: new Intl.NumberFormat(NUMBER_LOCALES.ar, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
const numberFormats = {
  en: new Intl.NumberFormat(NUMBER_LOCALES.en, { maximumFractionDigits: 2 }),
  ar: new Intl.NumberFormat(NUMBER_LOCALES.ar, { maximumFractionDigits: 2 }),
};
/** Every order is an Egyptian one: its times read in Cairo's clock, wherever the screen is. */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
const dateFormats = {
  en: new Intl.DateTimeFormat(NUMBER_LOCALES.en, { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
  ar: new Intl.DateTimeFormat(NUMBER_LOCALES.ar, { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
};
const CURRENCY: Record<Locale, string> = { en: 'LE', ar: 'ج.م.' };

/** 1250.5 → "1,250.50 LE" / "١٬٢٥٠٫٥٠ ج.م." */
export const formatMoney = (locale: Locale, pounds: number) => `${moneyFormats[locale].format(pounds)} ${CURRENCY[locale]}`;

export const formatNumber = (locale: Locale, value: number) => numberFormats[locale].format(value);

const listFormats = {
  en: new Intl.ListFormat('en', { type: 'conjunction' }),
  ar: new Intl.ListFormat('ar', { type: 'conjunction' }),
};
/** A few values as the language lists them ("a, b and c" / "أ و ب و ج"). */
export const formatList = (locale: Locale, values: string[]) => listFormats[locale].format(values);

const changeFormats = {
  en: new Intl.NumberFormat(NUMBER_LOCALES.en, { signDisplay: 'exceptZero', maximumFractionDigits: 0 }),
  ar: new Intl.NumberFormat(NUMBER_LOCALES.ar, { signDisplay: 'exceptZero', maximumFractionDigits: 0 }),
};
const percentFormats = {
  en: new Intl.NumberFormat(NUMBER_LOCALES.en, { style: 'percent', maximumFractionDigits: 1 }),
  ar: new Intl.NumberFormat(NUMBER_LOCALES.ar, { style: 'percent', maximumFractionDigits: 1 }),
};
/** A share (0–1) as a percentage: 0.875 → "87.5%" / "٨٧٫٥٪؜". */
export const formatPercent = (locale: Locale, share: number) => percentFormats[locale].format(share);

/** A change in units with its sign: 6 → "+6" / "؜+٦", -1 → "-1" / "؜-١" (shown left to right inside Arabic). */
export const formatChange = (locale: Locale, change: number) => changeFormats[locale].format(change);

export const formatDate = (locale: Locale, iso: string) => dateFormats[locale].format(new Date(iso));

const dayFormats = {
  short: {
    en: new Intl.DateTimeFormat(NUMBER_LOCALES.en, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    ar: new Intl.DateTimeFormat(NUMBER_LOCALES.ar, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  },
  medium: {
    en: new Intl.DateTimeFormat(NUMBER_LOCALES.en, { dateStyle: 'medium', timeZone: 'UTC' }),
    ar: new Intl.DateTimeFormat(NUMBER_LOCALES.ar, { dateStyle: 'medium', timeZone: 'UTC' }),
  },
};
/** A calendar day the API names ("2026-11-26", already Cairo's): "26 Nov" / "٢٦ نوفمبر", or with the year. */
export const formatDay = (locale: Locale, day: string, style: keyof typeof dayFormats = 'medium') =>
  dayFormats[style][locale].format(new Date(`${day}T00:00:00Z`));
