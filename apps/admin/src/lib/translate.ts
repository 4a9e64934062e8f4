/** The back office's texts in a language (no React here: the browser journeys read them too). */
import type { Locale } from '@attar/contract';
import { ar } from '../messages/ar';
import { en, type Catalogue, type MessageKey, type PluralKey } from '../messages/en';
import { formatNumber } from './format';

const CATALOGUES: { en: Catalogue<'one' | 'other'>; ar: Catalogue } = { en, ar };
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
  const entry: string | (Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }) = CATALOGUES[locale][key];
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
