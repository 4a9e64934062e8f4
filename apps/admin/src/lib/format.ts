/** The back office's one way to show amounts and dates, in the chosen language (Arabic with Arabic-Indic digits). */
import type { Locale } from '@attar/contract';

const numberFormats = {
  en: new Intl.NumberFormat('en-EG', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  ar: new Intl.NumberFormat('ar-EG', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
};
const dateFormats = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' }),
  ar: new Intl.DateTimeFormat('ar-EG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' }),
};

/** 1250.5 → "1,250.5 LE" / "١٬٢٥٠٫٥ ج.م." */
export const formatMoney = (locale: Locale, pounds: number) =>
  locale === 'ar' ? `${numberFormats.ar.format(pounds)} ج.م.` : `${numberFormats.en.format(pounds)} LE`;

export const formatNumber = (locale: Locale, value: number) => numberFormats[locale].format(value);

export const formatDate = (locale: Locale, iso: string) => dateFormats[locale].format(new Date(iso));
