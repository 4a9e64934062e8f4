/**
 * What a search asks for beyond words (docs/search.md): a gender ("for her", حريمي), a kind of product (perfume, مزيل
 * عرق, pocket), a concentration (EDP, او دو بارفان), a size (`50ml`, `50 مل`) or a price (`under 500`, `أقل من 500`).
 * Read from the text's normalised words with the phrases of `search-intents.json` (written normalised, as
 * `attar_normalize` leaves them: its test holds them to it), longest phrase first, each kind once.
 */
import type { GENDERS, ProductListQuery } from '@attar/contract';
import vocabulary from './search-intents.json';

type Gender = (typeof GENDERS)[number];

export type Intent =
  | { kind: 'gender'; value: Gender }
  | { kind: 'type'; value: 'perfume' | 'deodorant' | 'bullet' }
  | { kind: 'concentration'; value: string }
  | { kind: 'size'; value: number }
  | { kind: 'price_max'; value: number }
  | { kind: 'price_min'; value: number };

/** An intent and the positions of the words that said it. */
export type ReadIntent = Intent & { positions: number[] };

type Phrase = { words: string[]; intent: Intent };

const split = (phrase: string) => phrase.split(' ');

/** Every phrase that names a filter, longest first so "eau de parfum" wins over any word inside it. */
const PHRASES: Phrase[] = [
  ...vocabulary.genders.flatMap(({ gender, phrases }) =>
    phrases.map((phrase) => ({ words: split(phrase), intent: { kind: 'gender', value: gender as Gender } as const })),
  ),
  ...vocabulary.types.flatMap(({ type, phrases }) =>
    phrases.map((phrase) => ({ words: split(phrase), intent: { kind: 'type', value: type as 'perfume' } as const })),
  ),
  ...vocabulary.concentrations.flatMap(({ concentration, phrases }) =>
    phrases.map((phrase) => ({ words: split(phrase), intent: { kind: 'concentration', value: concentration } as const })),
  ),
].sort((a, b) => b.words.length - a.words.length);

const PRICE_WORDS = [
  ...vocabulary.priceBelow.map((phrase) => ({ words: split(phrase), kind: 'price_max' as const })),
  ...vocabulary.priceAbove.map((phrase) => ({ words: split(phrase), kind: 'price_min' as const })),
].sort((a, b) => b.words.length - a.words.length);

const SIZE_UNITS = new Set(vocabulary.sizeUnits);
const CURRENCIES = new Set(vocabulary.currencies);
/** A size written as one word: `50ml`, `50مل`. */
const SIZE_WORD = new RegExp(`^(\\d{1,4})(${vocabulary.sizeUnits.join('|')})$`);
const NUMBER = /^\d{1,7}$/;

const startsWith = (typed: string[], at: number, words: string[]) => words.every((word, i) => typed[at + i] === word);

/** The intent said at `at`, if any, and how many words it took. */
function intentAt(typed: string[], at: number): { intent: Intent; length: number } | null {
  for (const price of PRICE_WORDS) {
    const amount = typed[at + price.words.length];
    if (startsWith(typed, at, price.words) && amount !== undefined && NUMBER.test(amount)) {
      const currency = typed[at + price.words.length + 1];
      const length = price.words.length + 1 + (currency !== undefined && CURRENCIES.has(currency) ? 1 : 0);
      return { intent: { kind: price.kind, value: Number(amount) }, length };
    }
  }
  const word = typed[at] ?? '';
  const sized = SIZE_WORD.exec(word);
  if (sized) return { intent: { kind: 'size', value: Number(sized[1]) }, length: 1 };
  if (NUMBER.test(word) && SIZE_UNITS.has(typed[at + 1] ?? '')) {
    return { intent: { kind: 'size', value: Number(word) }, length: 2 };
  }
  const phrase = PHRASES.find((each) => startsWith(typed, at, each.words));
  return phrase ? { intent: phrase.intent, length: phrase.words.length } : null;
}

/** The query field each kind of intent sets: a kind the query already sets itself is not read from its words. */
const FIELD: Record<Intent['kind'], keyof ProductListQuery> = {
  gender: 'gender',
  type: 'type',
  concentration: 'concentration',
  size: 'size',
  price_max: 'price_max',
  price_min: 'price_min',
};

/**
 * The intents in `typed` (the search's normalised words, in order): the first of each kind, and none of a kind the
 * query sets already (a link's own filter, a page's fixed type). Words of a second gender stay words.
 */
export function readIntents(typed: string[], query: Partial<ProductListQuery>): ReadIntent[] {
  const read: ReadIntent[] = [];
  for (let at = 0; at < typed.length;) {
    const found = intentAt(typed, at);
    if (found && query[FIELD[found.intent.kind]] === undefined && !read.some((each) => each.kind === found.intent.kind)) {
      read.push({ ...found.intent, positions: Array.from({ length: found.length }, (_, i) => at + i) });
      at += found.length;
    } else at += 1;
  }
  return read;
}

/** The query with the intents as its filters. */
export function withIntents(query: ProductListQuery, intents: Intent[]): ProductListQuery {
  return intents.reduce<ProductListQuery>((narrowed, intent) => ({ ...narrowed, [FIELD[intent.kind]]: intent.value }), query);
}

/** The search text without the words at `positions` (an intent's): what the search becomes when its chip is removed. */
export function textWithout(typed: string[], positions: number[]): string {
  return typed.filter((_, at) => !positions.includes(at)).join(' ');
}
