/**
 * The back office's language: English or Arabic (right to left), chosen in the header and remembered in this browser
 * (the choice only; nothing secret is ever kept in localStorage). `useT()` reads the catalogue of the current one.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '@attar/contract';
import { setApiLanguage } from '../api/client';
import { ar } from '../messages/ar';
import { en, type MessageKey } from '../messages/en';

const CATALOGUES: Record<Locale, { readonly [K in MessageKey]: string }> = { en, ar };
const STORAGE_KEY = 'attar-admin-locale';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  return (key, values = {}) =>
    CATALOGUES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

type I18n = { locale: Locale; t: Translate; setLocale(locale: Locale): void };
const I18nContext = createContext<I18n | null>(null);

/** The remembered language; the API is asked in it from the first call on. */
export function initialLocale(): Locale {
  const locale = localStorage.getItem(STORAGE_KEY) === 'ar' ? 'ar' : 'en';
  setApiLanguage(locale);
  return locale;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
    document.title = CATALOGUES[locale].appName;
  }, [locale]);
  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(STORAGE_KEY, next);
    setApiLanguage(next);
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, t: translator(locale), setLocale }), [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** A part of the page in another language than the screen's (a printed document). */
export function FixedLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: translator(locale), setLocale: () => {} }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}
export const useT = () => useI18n().t;
