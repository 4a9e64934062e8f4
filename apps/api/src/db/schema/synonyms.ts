import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Search synonyms the owner edits (decision 0046): a group of words that mean the same (`replacement` null), or a
 * replacement, whose one word in `words` is also read as the words of `replacement`. Stored normalised
 * (attar_normalize), as search reads query words.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['group', 'replacement'] }).notNull(),
    words: text('words').array().notNull(),
    replacement: text('replacement').array(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'search_synonyms_kind_shape',
      sql`(${t.kind} = 'group' AND ${t.replacement} IS NULL AND cardinality(${t.words}) BETWEEN 2 AND 10)
        OR (${t.kind} = 'replacement' AND cardinality(${t.words}) = 1 AND cardinality(${t.replacement}) BETWEEN 1 AND 5)`,
    ),
    // Each word one word of 1 to 40 characters (no spaces), in both lists.
    check(
      'search_synonyms_word_length',
      sql`array_to_string(${t.words}, ' ', '') ~ '^[^ ]{1,40}( [^ ]{1,40})*$'
        AND (${t.replacement} IS NULL OR array_to_string(${t.replacement}, ' ', '') ~ '^[^ ]{1,40}( [^ ]{1,40})*$')`,
    ),
  ],
);

/** The words a query word is looked up by (a group's words, a replacement's word): each belongs to one entry only. */
export const searchSynonymWords = pgTable(
  'search_synonym_words',
  {
    word: text('word').primaryKey(),
    synonymId: integer('synonym_id')
      .notNull()
      .references(() => searchSynonyms.id, { onDelete: 'cascade' }),
  },
  (t) => [index('search_synonym_words_synonym_idx').on(t.synonymId)],
);
