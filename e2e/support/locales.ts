/** The two storefront languages as the tests see them: path prefix, direction and the message texts. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';

export type LocaleCode = 'en' | 'ar';

type Messages = Record<string, string | Record<string, unknown>>;

const MESSAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/messages');

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/**
 * The `common` namespace as src/i18n/request.ts builds it: the storefront's file plus every area folder's file of the
 * language (messages/pages, messages/cart, ...), each adding its top-level keys.
 */
function loadMessages(locale: LocaleCode): Messages {
  const areas = readdirSync(MESSAGES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(MESSAGES_DIR, entry.name, `${locale}.json`))
    .filter((file) => existsSync(file))
    .map((file) => readJson<Messages>(file));
  return Object.assign({}, readJson<{ common: Messages }>(path.join(MESSAGES_DIR, `${locale}.json`)).common, ...areas);
}

export type Lang = {
  code: LocaleCode;
  dir: 'ltr' | 'rtl';
  /** The other language, for the toggle. */
  other: LocaleCode;
  /** A storefront text by its key in the `common` namespace (dots reach into nested groups), placeholders filled. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** A number as the storefront writes it in this language: "12" in English, "١٢" in Arabic. */
  number: (value: number) => string;
  /** Pounds as the storefront writes them: no decimals when whole, two when there are piastres ("12.50"). */
  amount: (value: number) => string;
  /** Path in this language: `/fragrances` → `/ar/fragrances`. */
  path: (pathname: string) => string;
};

function makeLang(code: LocaleCode): Lang {
  // The storefront writes numbers (prices, quantities, counts) with Egyptian Arabic digits in Arabic.
  const numberLocale = code === 'ar' ? 'ar-EG' : 'en-US';
  let messages: Messages | undefined;
  return {
    code,
    dir: code === 'ar' ? 'rtl' : 'ltr',
    other: code === 'ar' ? 'en' : 'ar',
    t(key, values = {}) {
      messages ??= loadMessages(code);
      let node: unknown = messages;
      for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
      if (typeof node !== 'string') throw new Error(`messages/${code}.json has no text common.${key}`);
      // Plural and select forms as next-intl writes them, with their tags reduced to the text inside.
      if (/\{\w+, (plural|select)/.test(node)) {
        const tags = Object.fromEntries([...node.matchAll(/<(\w+)>/g)].map(([, tag]) => [tag!, (chunks: unknown[]) => chunks.join('')]));
        return String(new IntlMessageFormat(node, numberLocale).format({ ...tags, ...values }));
      }
      return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
    },
    number(value) {
      return new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 }).format(value);
    },
    amount(value) {
      const decimals = Number.isInteger(value) ? 0 : 2;
      return new Intl.NumberFormat(numberLocale, { minimumFractionDigits: decimals, maximumFractionDigits: 2 }).format(value);
    },
    path(pathname) {
      if (code === 'en') return pathname;
      return pathname === '/' ? '/ar' : `/ar${pathname}`;
    },
  };
}

export const LANGS: Record<LocaleCode, Lang> = { en: makeLang('en'), ar: makeLang('ar') };
export const ALL_LANGS: Lang[] = [LANGS.en, LANGS.ar];
