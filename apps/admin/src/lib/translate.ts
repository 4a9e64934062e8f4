/**
 * The back office's texts in a language (no React here: the browser journeys read them too). Each language's catalogue
 * is a script of its own, fetched when the language is first shown: a browser downloads only the languages it uses.
 */
import type { Locale } from '@attar/contract';
import type { Catalogue, MessageKey, PluralKey } from '../messages/en';
import { formatNumber } from './format';

type AnyCatalogue = Catalogue<'one' | 'other'> | Catalogue;
const catalogues: Partial<Record<Locale, AnyCatalogue>> = {};
const fetching: Partial<Record<Locale, Promise<void>>> = {};
const CATALOGUE_SCRIPTS: Record<Locale, () => Promise<AnyCatalogue>> = {
  en: () => import('../messages/en').then((module) => module.en),
  ar: () => import('../messages/ar').then((module) => module.ar),
};

/** A language's catalogue, fetched once (another try after a failure); settles at once if it is here already. */
export function loadCatalogue(locale: Locale): Promise<void> {
  if (catalogues[locale]) return Promise.resolve();
  fetching[locale] ??= CATALOGUE_SCRIPTS[locale]().then(
    (catalogue) => void (catalogues[locale] = catalogue),
    (error: unknown) => {
      delete fetching[locale];
      throw error;
    },
  );
  return fetching[locale];
}

/** A catalogue given as it is: where the texts are read without a browser (tests, the browser journeys' runner). */
export function addCatalogue(locale: Locale, catalogue: AnyCatalogue): void {
  catalogues[locale] = catalogue;
}

export const hasCatalogue = (locale: Locale): boolean => catalogues[locale] !== undefined;

function catalogueOf(locale: Locale): AnyCatalogue {
  const catalogue = catalogues[locale];
  if (!catalogue) throw new Error(`The ${locale} texts are read before they are loaded (loadCatalogue).`);
  return catalogue;
}

/** Values to fill in: numbers are written in the language's digits. */
type Values = Record<string, string | number>;
/** A text that names a number of things takes the number itself as `count`: its form and digits follow the language. */
export type Translate = <K extends MessageKey>(key: K, ...values: K extends PluralKey ? [Values & { count: number }] : [Values?]) => string;

const PLACEHOLDER = /\{(\w+)\}/g;
const PLURAL_RULES: Record<Locale, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

/**
 * The catalogue's text for a key, its numbers written in the language's digits; for a number of things, the form the
 * language uses for that number (`count`).
 */
export function textOf<V>(
  locale: Locale,
  key: MessageKey,
  values: Record<string, V | number>,
): { text: string; values: Record<string, V | string> } {
  const entry: string | (Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }) = catalogueOf(locale)[key];
  const written = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(locale, value) : value]),
  );
  if (typeof entry === 'string') return { text: entry, values: written };
  const count = values.count;
  return { text: (typeof count === 'number' && entry[PLURAL_RULES[locale].select(count)]) || entry.other, values: written };
}

export function translator(locale: Locale): Translate {
  return (key, ...[given = {}]) => {
    const { text, values } = textOf(locale, key, given);
    return text.replace(PLACEHOLDER, (whole, name: string) => String(values[name] ?? whole));
  };
}
