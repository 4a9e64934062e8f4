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
  /** Open Graph locale. */
  ogLocale: string;
};

export const LOCALE_CONFIG: Record<Locale, LocaleConfig> = {
  en: { lang: 'en', dir: 'ltr', fontClass: 'font-latin', numberLocale: 'en-US', ogLocale: 'en_US' },
  ar: { lang: 'ar', dir: 'rtl', fontClass: 'font-arabic', numberLocale: 'ar-EG', ogLocale: 'ar_EG' },
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
  return numberFormat(locale).format(amount);
}

/** The route's `[locale]` segment as a Locale (the proxy only lets known ones through; anything else is English). */
export function asLocale(value: string): Locale {
  return value === 'ar' ? 'ar' : 'en';
}

