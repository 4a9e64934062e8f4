import type { Locale } from '@attar/contract';

/** Everything that differs per language, in one place. */
export type LocaleConfig = {
  /** `<html lang>` */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Class on `<html>` that selects the language's typeface (see globals.css). */
  fontClass: string;
  /** Intl locale for dates and signed numbers: Arabic uses Arabic-Indic digits. */
  numberLocale: string;
  /** How `formatNumber` writes a number, as Intl.NumberFormat(numberLocale) does. */
  numerals: Numerals;
  /** Open Graph locale. */
  ogLocale: string;
};

type Numerals = {
  /** The ten digits, zero first. */
  digits: string;
  group: string;
  decimal: string;
  minus: string;
};

export const LOCALE_CONFIG: Record<Locale, LocaleConfig> = {
  en: {
    lang: 'en',
    dir: 'ltr',
    fontClass: 'font-latin',
    numberLocale: 'en-US',
    numerals: { digits: '0123456789', group: ',', decimal: '.', minus: '-' },
    ogLocale: 'en_US',
  },
  ar: {
    lang: 'ar',
    dir: 'rtl',
    fontClass: 'font-arabic',
    numberLocale: 'ar-EG',
    // Arabic-Indic digits, Arabic thousands and decimal separators; the minus follows an Arabic letter mark (U+061C).
    numerals: { digits: '٠١٢٣٤٥٦٧٨٩', group: '٬', decimal: '٫', minus: '\u061C-' },
    ogLocale: 'ar_EG',
  },
};

export function localeConfig(locale: string): LocaleConfig {
  return LOCALE_CONFIG[locale === 'ar' ? 'ar' : 'en'];
}

/** One formatter per language, made on first use (Intl formatters are costly to build). */
function perLanguage<T>(make: (numberLocale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    const { numberLocale } = localeConfig(locale);
    let value = made.get(numberLocale);
    if (value === undefined) {
      value = make(numberLocale);
      made.set(numberLocale, value);
    }
    return value;
  };
}

const numberFormat = perLanguage((numberLocale) => new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 }));

/** '129' → '130', '99' → '100': one more, in decimal digits of any length. */
function incremented(digits: string): string {
  const last = digits.search(/9*$/) - 1;
  if (last < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, last)}${Number(digits.charAt(last)) + 1}${'0'.repeat(digits.length - last - 1)}`;
}

/**
 * Numbers and pounds with grouping and at most two decimals: 1250 → "1,250" (en) or "١٬٢٥٠" (ar, Arabic-Indic digits),
 * as Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 }) writes them (the tests compare the two). Written by
 * hand because a page's first Intl.NumberFormat costs 45–90 ms in Chromium on this project's machines (ICU's number
 * data), paid during hydration since prices and steppers are formatted there. Like ICU, it rounds the shortest decimal
 * form of the number half away from zero. Numbers that form has no plain digits for (1e21 and up, below 1e-6) are
 * left to Intl.
 */
export function formatNumber(amount: number, locale: string): string {
  const plain = Math.abs(amount).toString();
  if (!Number.isFinite(amount) || plain.includes('e')) return numberFormat(locale).format(amount);
  const [integer = '0', decimals = ''] = plain.split('.');
  let whole = integer;
  let fraction = decimals;
  if (fraction.length > 2) {
    const kept = whole + fraction.slice(0, 2);
    const hundredths = fraction.charAt(2) >= '5' ? incremented(kept) : kept;
    whole = hundredths.slice(0, -2) || '0';
    fraction = hundredths.slice(-2);
  }
  fraction = fraction.replace(/0+$/, '');
  const { digits, group, decimal, minus } = localeConfig(locale).numerals;
  const sign = amount < 0 || Object.is(amount, -0) ? minus : '';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction ? `.${fraction}` : '');
  return sign + grouped.replace(/[\d,.]/g, (c) => (c === ',' ? group : c === '.' ? decimal : digits.charAt(Number(c))));
}

/** The shop's time zone: dates are the day it was in Egypt, wherever the shopper is. */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
const dateFormat = perLanguage(
  (numberLocale) => new Intl.DateTimeFormat(numberLocale, { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE }),
);

/** A moment as its calendar date in Cairo: "Mar 5, 2025" (en), "٠٥/٠٣/٢٠٢٥" in Arabic-Indic digits (ar). */
export function formatDate(moment: string | Date, locale: string): string {
  return dateFormat(locale).format(typeof moment === 'string' ? new Date(moment) : moment);
}

/** The route's `[locale]` segment as a Locale (the proxy only lets known ones through; anything else is English). */
export function asLocale(value: string): Locale {
  return value === 'ar' ? 'ar' : 'en';
}

/** "rose, oud, amber" / "ورد، عود، عنبر": a plain list joined the way the language writes it. */
export function formatList(items: string[], locale: string): string {
  return new Intl.ListFormat(localeConfig(locale).lang, { style: 'short', type: 'unit' }).format(items);
}
