/**
 * The back office's language: English or Arabic (right to left), chosen in the header and remembered in this browser
 * (the choice only; nothing secret is ever kept in localStorage). `useT()` reads the catalogue of the current one.
 */
import { createContext, Fragment, use, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '@attar/contract';
import { ApiFailure, setApiLanguage } from '../api/client';
import type { MessageKey } from '../messages/en';
import { hasCatalogue, loadCatalogue, textOf, translator, type Translate } from './translate';
import { setTitleName } from './document-title';

const LOCALE_STORAGE_KEY = 'attar-admin-locale';

/** The same as `Translate`, with values that are elements: order numbers, e-mails and codes isolated left to right inside Arabic. */
type RichTranslate = (key: MessageKey, values: Record<string, ReactNode>) => ReactNode;

function richTranslator(locale: Locale): RichTranslate {
  return (key, given) => {
    const { text, values } = textOf(locale, key, given);
    return text.split(/(\{\w+\})/).map((part, index) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in values ? <Fragment key={index}>{values[name]}</Fragment> : part;
    });
  };
}

/** What to say about a failed call: the API's own words (in this language), else a sentence from the catalogue. */
export function errorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiFailure)) return t('networkError');
  if (error.message) return error.message;
  if (error.status === 401) return t('sessionEnded');
  if (error.status === 403) return t('noAccess');
  if (error.status === 404) return t('notFound');
  if (error.status === 429) return t('throttled');
  return t('genericError');
}

type I18n = { locale: Locale; t: Translate; rich: RichTranslate; setLocale(locale: Locale): void };
const I18nContext = createContext<I18n | null>(null);

const i18nFor = (locale: Locale, setLocale: (locale: Locale) => void): I18n => ({
  locale,
  t: translator(locale),
  rich: richTranslator(locale),
  setLocale,
});

/** The language this browser last chose (English at first). */
export const rememberedLocale = (): Locale => (localStorage.getItem(LOCALE_STORAGE_KEY) === 'ar' ? 'ar' : 'en');

/** The remembered language; the API is asked in it from the first call on. Its texts are loaded before the first render. */
function initialLocale(): Locale {
  const locale = rememberedLocale();
  setApiLanguage(locale);
  return locale;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = direction(locale);
    setTitleName(translator(locale)('appName'));
  }, [locale]);
  const setLocale = useCallback((next: Locale) => {
    // The screen changes language once the language's texts are here; if they cannot be fetched it stays as it is,
    // and the next choice tries again.
    void loadCatalogue(next).then(
      () => {
        localStorage.setItem(LOCALE_STORAGE_KEY, next);
        setApiLanguage(next);
        setLocaleState(next);
      },
      () => undefined,
    );
  }, []);
  const value = useMemo(() => i18nFor(locale, setLocale), [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

const keepLocale = () => {};
/** A part of the page in another language than the screen's (a printed document). */
export function FixedLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  // Its texts may not be here yet: the part waits for them (the screen's suspense shows it loading).
  if (!hasCatalogue(locale)) use(loadCatalogue(locale));
  const value = useMemo(() => i18nFor(locale, keepLocale), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const direction = (locale: Locale) => (locale === 'ar' ? 'rtl' : 'ltr');

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}
export const useT = () => useI18n().t;
