import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Rows } from '../orders/service';
import type { Versioned } from './listing-memo';

/** Longest query text and number of words we look at; anything beyond is ignored, never an error. */
const MAX_QUERY_CHARS = 200;
const MAX_QUERY_WORDS = 8;
/** Words at least this long tolerate one typo; words at least LONG_WORD_LENGTH long tolerate two. */
const TYPO_MIN_LENGTH = 4;
const LONG_WORD_LENGTH = 9;

/** One query word: the dictionary words it stands for, and those of them reached without a typo. */
export type SearchWord = {
  /** Itself, its completions, its typo neighbours. */
  terms: string[];
  /** Itself and its completions: they rank above typo corrections. */
  exactTerms: string[];
};

/**
 * Turns free text into dictionary terms, in SQL so documents and queries share one normalisation
 * (attar_normalize: case, diacritics, Arabic letter variants, tashkeel, tatweel, Arabic-Indic digits).
 * Its value is null when the text has no searchable word; a word that matches nothing has no terms. With the
 * catalogue version it was read at (listing-memo.ts).
 *
 * A typo is an insertion, a deletion, a substitution or two neighbouring letters swapped (Damerau's rule, as
 * Meilisearch and Algolia count them: "neorli" is one typo from "neroli"). fuzzystrmatch's levenshtein counts a swap
 * as two, so the word's swapped spellings are listed (one per neighbouring pair) and matched too: a term is within
 * one typo when levenshtein says so or it is one of them, within two when it is within one edit of one of them.
 */
export async function planSearch(database: Database, text: string): Promise<Versioned<SearchWord[] | null>> {
  const rows = await database.preparedRows<{ version: string; word: string | null; terms: string[] | null; exact: string[] | null }>(sql`
    WITH words AS (
      SELECT word, min(ord) AS ord
      FROM unnest(string_to_array(attar_normalize(${text.slice(0, MAX_QUERY_CHARS)}), ' ')) WITH ORDINALITY AS w(word, ord)
      WHERE word <> ''
      GROUP BY word
      ORDER BY min(ord)
      LIMIT ${MAX_QUERY_WORDS}
    ),
    forgiven AS (
      SELECT word, ord,
        CASE WHEN length(word) >= ${LONG_WORD_LENGTH} THEN 2 WHEN length(word) >= ${TYPO_MIN_LENGTH} THEN 1 ELSE 0 END AS typos,
        ARRAY(SELECT overlay(word PLACING substr(word, i + 1, 1) || substr(word, i, 1) FROM i FOR 2)
              FROM generate_series(1, length(word) - 1) AS i) AS swapped
      FROM words
    )
    SELECT v.version::text AS version, w.word,
      array_agg(t.term) FILTER (WHERE t.term IS NOT NULL) AS terms,
      array_agg(t.term) FILTER (WHERE t.term LIKE w.word || '%') AS exact
    FROM catalogue_version v LEFT JOIN forgiven w ON true
    LEFT JOIN search_terms t
      ON t.term LIKE w.word || '%'
      OR (w.typos > 0
          AND length(t.term) BETWEEN length(w.word) - w.typos AND length(w.word) + w.typos
          AND (levenshtein(t.term, w.word) <= w.typos
               OR t.term = ANY(w.swapped)
               OR (w.typos = 2 AND EXISTS (SELECT 1 FROM unnest(w.swapped) AS s(spelling) WHERE levenshtein(t.term, s.spelling) <= 1))))
    GROUP BY v.version, w.word, w.ord
    ORDER BY w.ord`);
  // The catalogue version comes on a row of its own (no word) when the text has no searchable word.
  const words = rows.filter((r) => r.word !== null);
  return {
    version: rows[0]!.version,
    value: words.length === 0 ? null : words.map((r) => ({ terms: r.terms ?? [], exactTerms: r.exact ?? [] })),
  };
}

/**
 * "Did you mean": the text with each word the dictionary does not know replaced by its nearest known word (up to two
 * typos for words of five letters or more, one below), normalised. Null when nothing needed or found a replacement.
 */
export async function nearestSpelling(database: Database, text: string): Promise<string | null> {
  const rows = await database.preparedRows<{ word: string; known: boolean; nearest: string | null }>(sql`
    WITH words AS (
      SELECT word, ord
      FROM unnest(string_to_array(attar_normalize(${text.slice(0, MAX_QUERY_CHARS)}), ' ')) WITH ORDINALITY AS w(word, ord)
      WHERE word <> ''
      ORDER BY ord
      LIMIT ${MAX_QUERY_WORDS}
    )
    SELECT w.word,
      EXISTS (SELECT 1 FROM search_terms t WHERE t.term LIKE w.word || '%') AS known,
      (SELECT t.term FROM search_terms t
       WHERE length(t.term) BETWEEN length(w.word) - 2 AND length(w.word) + 2
         AND levenshtein(t.term, w.word) <= CASE WHEN length(w.word) >= 5 THEN 2 ELSE 1 END
       ORDER BY levenshtein(t.term, w.word), abs(length(t.term) - length(w.word)), t.term
       LIMIT 1) AS nearest
    FROM words w
    ORDER BY w.ord`);
  if (rows.length === 0 || rows.every((row) => row.known) || rows.some((row) => !row.known && row.nearest === null)) return null;
  return rows.map((row) => (row.known ? row.word : row.nearest)).join(' ');
}

/** Recomputes the searchable words of products (all when `productIds` is omitted) and the term dictionary. */
export async function refreshSearchIndex(rows: Rows, productIds?: number[]): Promise<void> {
  const only = productIds ? sql`AND p.id = ANY(${sql.param(productIds)}::int[])` : sql``;
  await rows(sql`
    UPDATE products p SET
      name_words = attar_words(p.name_en || ' ' || p.name_ar),
      search_words = attar_words(concat_ws(' ',
        p.name_en, p.name_ar, p.concentration_en, p.concentration_ar,
        (SELECT c.name_en || ' ' || c.name_ar FROM categories c WHERE c.id = p.category_id),
        (SELECT f.name_en || ' ' || f.name_ar FROM families f WHERE f.id = p.family_id),
        (SELECT string_agg(n.name_en || ' ' || n.name_ar, ' ')
         FROM product_notes pn JOIN notes n ON n.id = pn.note_id WHERE pn.product_id = p.id)))
    WHERE true ${only}`);
  await rows(sql`
    INSERT INTO search_terms (term)
    SELECT DISTINCT unnest(search_words) FROM products
    ON CONFLICT DO NOTHING`);
}
