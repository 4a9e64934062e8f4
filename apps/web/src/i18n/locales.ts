import type { Locale } from '@attar/contract';

/** Everything that differs per language, in one place. */
export type LocaleConfig = {
  /** `<html lang>` */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Class on `<html>` that selects the language's typeface (see globals.css). */
  fontClass: string;
  /** Intl locale for numbers and prices: Arabic uses Arabic-Indic digits. */
  numberLocale: string;
  /** The ten digits numberLocale writes, zero first. */
  digits: string;
  /** Open Graph locale. */
  ogLocale: string;
};

export const LOCALE_CONFIG: Record<Locale, LocaleConfig> = {
  en: { lang: 'en', dir: 'ltr', fontClass: 'font-latin', numberLocale: 'en-US', digits: '0123456789', ogLocale: 'en_US' },
  ar: { lang: 'ar', dir: 'rtl', fontClass: 'font-arabic', numberLocale: 'ar-EG', digits: '٠١٢٣٤٥٦٧٨٩', ogLocale: 'ar_EG' },
};

export function localeConfig(locale: string): LocaleConfig {
  return LOCALE_CONFIG[locale === 'ar' ? 'ar' : 'en'];
}

/** One formatter per language, made on first use (Intl formatters are costly to build). */
export function perLanguage<T>(make: (numberLocale: string) => T): (locale: string) => T {
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

/** Numbers and pounds with grouping and at most two decimals: 1250 → "1,250" (en) or "١٬٢٥٠" (ar, Arabic-Indic digits). */
export function formatNumber(amount: number, locale: string): string {
  // A page's first Intl.NumberFormat costs 45–90 ms in Chromium (ICU's number data). Whole numbers below 1,000 have no
  // separators, so they are written digit by digit: hydrating a storefront page (quantities, slide numbers) builds none.
  if (Number.isInteger(amount) && amount >= 0 && amount < 1000 && !Object.is(amount, -0)) {
    const { digits } = localeConfig(locale);
    return String(amount).replace(/\d/g, (digit) => digits.charAt(Number(digit)));
  }
  return numberFormat(locale).format(amount);
}

const piastresFormat = perLanguage(
  (numberLocale) => new Intl.NumberFormat(numberLocale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/**
 * Pounds, the one way amounts are written: no decimals when whole, two when there are piastres ("1,250" / "12.50";
 * "١٬٢٥٠" / "١٢٫٥٠" in Arabic).
 */
export function formatAmount(amount: number, locale: string): string {
  return Number.isInteger(amount) ? formatNumber(amount, locale) : piastresFormat(locale).format(amount);
}

/** The route's `[locale]` segment as a Locale (the proxy only lets known ones through; anything else is English). */
export function asLocale(value: string): Locale {
  return value === 'ar' ? 'ar' : 'en';
}
