import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Rows } from '../db/transaction';
import type { Versioned } from './versioned';
import lexicon from './franco-lexicon.json';
import intentWords from './search-intents.json';
import { oneRow } from '../db/one-row';

/** Longest query text and number of words we look at; anything beyond is ignored, never an error. */
const MAX_QUERY_CHARS = 200;
const MAX_QUERY_WORDS = 8;
/** Words at least this long tolerate one typo; words at least LONG_WORD_LENGTH long tolerate two. */
const TYPO_MIN_LENGTH = 4;
const LONG_WORD_LENGTH = 9;

/** One query word: the dictionary words it stands for, and those of them reached without a typo. */
export type SearchWord = {
  /** As normalised. */
  word: string;
  /** Itself, its completions, its typo neighbours, its Arabic readings and their translations. */
  terms: string[];
  /** Itself, its completions, its exact Arabic readings and translations: they rank above typo corrections. */
  exactTerms: string[];
  /** The products' genders the word names ("him", "حريمي"): matched on the product, not its words. */
  genders: string[];
};

/**
 * A search text as planned: its searchable words (null when it has none, stop words aside) and all its normalised
 * words in order, stop words included, which intents are read from (intents.ts).
 */
export type SearchPlan = { words: SearchWord[] | null; typed: string[] };

/**
 * The reviewed words people type (docs/decisions/0044), sent as parameters: stop words (normalised by the statement,
 * as they may be Arabic), the gender words of the intents (written normalised), and each Franco-Arabic spelling with
 * the words it means (loosened by the statement, as the query's words are).
 */
const STOP_WORDS = lexicon.stopWords;
const GENDER_WORDS = intentWords.genders.flatMap(({ gender, phrases }) => phrases.map((phrase) => `${gender}:${phrase}`));
const FRANCO_SPELLINGS = JSON.stringify(
  lexicon.words.flatMap(({ franco, ar, en }) => franco.map((spelling) => ({ spelling, means: [ar, en] }))),
);

/**
 * A Latin word read as Arabic letters (docs/search.md): digraphs and digits first, then single letters; vowels,
 * w, y, ء (2) and ع (3) dropped, as Arabic writes short vowels not at all and Franco writers spell the rest loosely.
 * Arabic terms are reduced the same way (sounds Egyptians merge share a letter: ح/ه, ص/س, ط/ت, ض/ذ/د, ظ/ز, ث/ت, ق/ك).
 */
const francoSkeleton = (word: SQL) => sql`translate(
  replace(replace(replace(replace(replace(replace(${word}, 'sh', 'ش'), 'ch', 'ش'), 'kh', 'خ'), 'gh', 'غ'), 'th', 'ت'), 'dh', 'د'),
  'btgjdrzsfqkclmnhpvx56789aeiouyw23', 'بتججدرزسفكككلمنهبفكختهغك')`;
export const arabicSkeleton = (term: SQL) => sql`translate(${term}, 'حصطضظذثقةاويىءعئؤأإآ', 'هستدزدتكه')`;
/** A Latin spelling loosened for the Franco-Arabic lexicon: o as u, e as i, doubled letters once. */
const looseSpelling = (word: SQL) => sql`regexp_replace(translate(${word}, 'oe', 'ui'), '(.)\\1+', '\\1', 'g')`;

/**
 * Turns free text into dictionary terms, in SQL so documents and queries share one normalisation
 * (attar_normalize: case, diacritics, Arabic letter variants, tashkeel, tatweel, Arabic-Indic digits).
 * Its words are null when the text has no searchable word (stop words aside); a word that matches nothing has no
 * terms. With the catalogue version it was read at (listing-memo.ts).
 *
 * A typo is an insertion, a deletion, a substitution or two neighbouring letters swapped (Damerau's rule, as
 * Meilisearch and Algolia count them: "neorli" is one typo from "neroli"). fuzzystrmatch's levenshtein counts a swap
 * as two, so the word's swapped spellings are listed (one per neighbouring pair) and matched too: a term is within
 * one typo when levenshtein says so or it is one of them, within two when it is within one edit of one of them.
 *
 * A Latin word is also read as Franco-Arabic: its Arabic skeleton equals an Arabic term's (one typo allowed when it
 * has a Franco digit and three letters or more), or the lexicon lists it. A word with a Franco digit ("3ood") is
 * read only so: it is not an English typo ("wood").
 *
 * A word that is one of the owner's synonyms (search_synonyms) also stands for the other words of its group, or for
 * its replacement's words; those match dictionary terms as they are (no completion, typo, Franco reading or further
 * synonym: the owner wrote them on purpose, and guessing again from a guess finds what nobody meant).
 */
export async function planSearch(database: Database, text: string): Promise<Versioned<SearchPlan>> {
  const rows = await database.preparedRows<{
    version: string;
    typed: string[];
    word: string | null;
    terms: string[] | null;
    exact: string[] | null;
    genders: string[] | null;
  }>(sql`
    WITH stop AS (SELECT attar_normalize(s) AS word FROM unnest(${sql.param(STOP_WORDS)}::text[]) AS s),
    gender AS (
      SELECT split_part(g, ':', 1) AS gender, split_part(g, ':', 2) AS word FROM unnest(${sql.param(GENDER_WORDS)}::text[]) AS g),
    franco_lexicon AS MATERIALIZED (
      SELECT ${looseSpelling(sql`l.spelling`)} AS spelling, l.means
      FROM jsonb_to_recordset(${FRANCO_SPELLINGS}::jsonb) AS l(spelling text, means text[])),
    typed AS (
      SELECT word, min(ord) AS ord
      FROM unnest(string_to_array(attar_normalize(${text.slice(0, MAX_QUERY_CHARS)}), ' ')) WITH ORDINALITY AS w(word, ord)
      WHERE word <> ''
      GROUP BY word
    ),
    -- Stop words are left out unless the text has nothing else.
    words AS (
      SELECT word, ord FROM typed
      WHERE word NOT IN (SELECT word FROM stop) OR NOT EXISTS (SELECT 1 FROM typed WHERE word NOT IN (SELECT word FROM stop))
      ORDER BY ord
      LIMIT ${MAX_QUERY_WORDS}
    ),
    forgiven AS (
      SELECT word, ord,
        CASE WHEN length(word) >= ${LONG_WORD_LENGTH} THEN 2 WHEN length(word) >= ${TYPO_MIN_LENGTH} THEN 1 ELSE 0 END AS typos,
        ARRAY(SELECT overlay(word PLACING substr(word, i + 1, 1) || substr(word, i, 1) FROM i FOR 2)
              FROM generate_series(1, length(word) - 1) AS i) AS swapped,
        word ~ '^[a-z0-9]*[a-z][a-z0-9]*$' AS latin,
        word ~ '^[a-z0-9]*[a-z][a-z0-9]*$' AND word ~ '[2356789]' AS franco,
        CASE WHEN word ~ '^[a-z0-9]*[a-z][a-z0-9]*$' THEN ${francoSkeleton(sql`word`)} END AS skeleton,
        ARRAY(SELECT attar_normalize(m)
              FROM franco_lexicon l CROSS JOIN LATERAL unnest(l.means) AS m
              WHERE l.spelling = ${looseSpelling(sql`word`)}) AS meant,
        ARRAY(SELECT DISTINCT g.gender FROM gender g WHERE g.word = words.word) AS genders,
        -- The owner's synonyms (decision 0046): a group's other words, or a replacement's words; matched as they are.
        ARRAY(SELECT e.word
              FROM search_synonym_words k
              JOIN search_synonyms s ON s.id = k.synonym_id
              CROSS JOIN LATERAL unnest(coalesce(s.replacement, s.words)) AS e(word)
              WHERE k.word = words.word AND e.word <> words.word) AS synonyms
      FROM words
    ),
    matched AS (
      SELECT w.word, w.ord, w.genders, t.term,
        (NOT w.franco AND t.term LIKE w.word || '%') OR t.term = ANY(w.meant) OR t.term = ANY(w.synonyms) AS exact
      FROM forgiven w
      LEFT JOIN search_terms t
        ON t.term = ANY(w.meant) OR t.term = ANY(w.synonyms)
        OR (NOT w.franco AND (t.term LIKE w.word || '%'
          OR (w.typos > 0
              AND length(t.term) BETWEEN length(w.word) - w.typos AND length(w.word) + w.typos
              AND (levenshtein(t.term, w.word) <= w.typos
                   OR t.term = ANY(w.swapped)
                   OR (w.typos = 2 AND EXISTS (SELECT 1 FROM unnest(w.swapped) AS s(spelling) WHERE levenshtein(t.term, s.spelling) <= 1))))))
      UNION ALL
      -- An Arabic term's skeleton is stored with it (refreshSearchIndex): equal ones found by its index, and for a word
      -- with a Franco digit those one letter away.
      SELECT w.word, w.ord, w.genders, k.term, true AS exact
      FROM forgiven w
      JOIN search_terms k ON k.skeleton = w.skeleton
      WHERE length(w.skeleton) >= 3
      UNION ALL
      SELECT w.word, w.ord, w.genders, k.term, false AS exact
      FROM forgiven w
      JOIN search_terms k
        ON k.skeleton <> w.skeleton
        AND length(k.skeleton) BETWEEN length(w.skeleton) - 1 AND length(w.skeleton) + 1
        AND levenshtein(k.skeleton, w.skeleton) <= 1
      WHERE w.franco AND length(w.skeleton) >= 3
    )
    SELECT v.version::text AS version, m.word, m.genders,
      array_remove(string_to_array(attar_normalize(${text.slice(0, MAX_QUERY_CHARS)}), ' '), '') AS typed,
      array_agg(DISTINCT m.term) FILTER (WHERE m.term IS NOT NULL) AS terms,
      array_agg(DISTINCT m.term) FILTER (WHERE m.exact) AS exact
    FROM catalogue_version v LEFT JOIN matched m ON true
    GROUP BY v.version, m.word, m.ord, m.genders
    ORDER BY m.ord`);
  // The catalogue version comes on a row of its own (no word) when the text has no searchable word.
  const words = rows.filter((r): r is typeof r & { word: string } => r.word !== null);
  const { version, typed } = oneRow(rows);
  return {
    version,
    value: {
      typed,
      words:
        words.length === 0
          ? null
          : words.map((r) => ({ word: r.word, terms: r.terms ?? [], exactTerms: r.exact ?? [], genders: r.genders ?? [] })),
    },
  };
}

/**
 * "Did you mean": the text with each of the `unknown` words (normalised, as planSearch found them matching nothing)
 * replaced by its nearest dictionary word (up to two typos for words of five letters or more, one below), normalised.
 * Null when one found no replacement.
 */
export async function nearestSpelling(database: Database, text: string, unknown: string[]): Promise<string | null> {
  const rows = await database.preparedRows<{ word: string; known: boolean; nearest: string | null }>(sql`
    WITH words AS (
      SELECT word, ord
      FROM unnest(string_to_array(attar_normalize(${text.slice(0, MAX_QUERY_CHARS)}), ' ')) WITH ORDINALITY AS w(word, ord)
      WHERE word <> ''
      ORDER BY ord
      LIMIT ${MAX_QUERY_WORDS}
    )
    SELECT w.word,
      w.word <> ALL(${sql.param(unknown)}::text[]) AS known,
      CASE WHEN w.word = ANY(${sql.param(unknown)}::text[]) THEN
        (SELECT t.term FROM search_terms t
         WHERE length(t.term) BETWEEN length(w.word) - 2 AND length(w.word) + 2
           AND levenshtein(t.term, w.word) <= CASE WHEN length(w.word) >= 5 THEN 2 ELSE 1 END
         ORDER BY levenshtein(t.term, w.word), abs(length(t.term) - length(w.word)), t.term
         LIMIT 1) END AS nearest
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
    INSERT INTO search_terms (term, skeleton)
    SELECT term, CASE WHEN term ~ '[ء-ي]' THEN ${arabicSkeleton(sql`term`)} END
    FROM (SELECT DISTINCT unnest(search_words) AS term FROM products) AS words
    ON CONFLICT DO NOTHING`);
}
