/** The two storefront languages as the tests see them: path prefix, direction and the message texts. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type LocaleCode = 'en' | 'ar';

type Messages = Record<string, string | Record<string, unknown>>;

const MESSAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../messages');

function loadMessages(locale: LocaleCode): Messages {
  const file = JSON.parse(readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8')) as { common: Messages };
  return file.common;
}

export type Lang = {
  code: LocaleCode;
  dir: 'ltr' | 'rtl';
  /** Intl locale of prices: Arabic shows Arabic-Indic digits. */
  numberLocale: string;
  /** The other language, for the toggle. */
  other: LocaleCode;
  /** A storefront text by its key in the `common` namespace (dots reach into nested groups), placeholders filled. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** Path in this language: `/fragrances` → `/ar/fragrances`. */
  path: (pathname: string) => string;
};

function makeLang(code: LocaleCode): Lang {
  let messages: Messages | undefined;
  return {
    code,
    dir: code === 'ar' ? 'rtl' : 'ltr',
    numberLocale: code === 'ar' ? 'ar-EG' : 'en-US',
    other: code === 'ar' ? 'en' : 'ar',
    t(key, values = {}) {
      messages ??= loadMessages(code);
      let node: unknown = messages;
      for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
      if (typeof node !== 'string') throw new Error(`messages/${code}.json has no text common.${key}`);
      return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
    },
    path(pathname) {
      if (code === 'en') return pathname;
      return pathname === '/' ? '/ar' : `/ar${pathname}`;
    },
  };
}

export const LANGS: Record<LocaleCode, Lang> = { en: makeLang('en'), ar: makeLang('ar') };
export const ALL_LANGS: Lang[] = [LANGS.en, LANGS.ar];
