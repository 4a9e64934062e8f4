/**
 * Search synonyms the owner edits (decision 0046): groups of words that mean the same, and one-way replacements (a
 * word also read as another word or phrase). Stored as search normalises them (attar_normalize), so a query word
 * finds its entry by equality. An entry's keys (a group's words, a replacement's word) are also rows of
 * `search_synonym_words`, whose primary key lets a word belong to one entry only; `catalog/search.planSearch` joins
 * it. Every write moves the catalogue's version in its own transaction, so every instance plans its searches again,
 * and is audited, whose row clears every instance's micro-cache on commit.
 */
import { sql } from 'drizzle-orm';
import type { Locale, StaffSynonym, StaffSynonymInput } from '@attar/contract';
import { recordAudit } from '../audit/service';
import { fieldText, violation } from '../catalog/staff-writes';
import type { Database } from '../db/client';
import { oneRow, rowOrNotFound } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { rowsOf, type Rows } from '../db/transaction';
import { notFound } from '../http/errors';
import { text } from '../i18n/catalogue';

const synonymJson = sql`CASE WHEN s.kind = 'group'
  THEN json_build_object('id', s.id, 'kind', s.kind, 'words', s.words, 'updated_at', s.updated_at)
  ELSE json_build_object('id', s.id, 'kind', s.kind, 'word', s.words[1], 'replacement', s.replacement, 'updated_at', s.updated_at)
  END`;

export async function listSynonyms(database: Database) {
  const row = oneRow(
    await database.rows<{ synonyms: StaffSynonym[] }>(sql`
      SELECT coalesce(json_agg(${synonymJson} ORDER BY s.kind, s.words[1], s.id), '[]') AS synonyms FROM search_synonyms s`),
  );
  return row.synonyms;
}

const synonymRows = (rows: Rows, id: number) =>
  rows<{ synonym: StaffSynonym }>(sql`SELECT ${synonymJson} AS synonym FROM search_synonyms s WHERE s.id = ${id}`);

/** An entry's words as search reads them: its keys (one word each) and, for a replacement, the words it is read as. */
type Normalised = { kind: StaffSynonymInput['kind']; keys: string[]; replacement: string[] | null; keysField: 'words' | 'word' };

/**
 * Normalises the input in SQL (the one normalisation search uses) and refuses, as field errors, a word that leaves
 * nothing search reads (letters it does not know), or a key given twice ("العطر" and "عطر" are one word to search).
 */
async function normalise(rows: Rows, locale: Locale, input: StaffSynonymInput): Promise<Normalised> {
  const typed = input.kind === 'group' ? input.words : [input.word];
  const replacement = input.kind === 'group' ? [] : input.replacement;
  const keysField = input.kind === 'group' ? 'words' : 'word';
  const row = oneRow(
    await rows<{ keys: string[]; replacement: string[] }>(sql`
      SELECT
        ARRAY(SELECT attar_normalize(w) FROM unnest(${sql.param(typed)}::text[]) WITH ORDINALITY AS t(w, ord) ORDER BY ord) AS keys,
        ARRAY(SELECT attar_normalize(w) FROM unnest(${sql.param(replacement)}::text[]) WITH ORDINALITY AS t(w, ord) ORDER BY ord) AS replacement`),
  );
  // Each word as typed, found by its normalised form (the same position).
  const unreadable = (words: string[], normalised: string[], field: string) => {
    const word = words.find((_, index) => !/^[^ ]+$/.test(normalised[index] ?? ''));
    if (word !== undefined) throw fieldText(locale, field, 'synonymUnreadable', { word });
  };
  unreadable(typed, row.keys, keysField);
  unreadable(replacement, row.replacement, 'replacement');
  const twice = row.keys.find((word, index) => row.keys.indexOf(word) !== index);
  if (twice !== undefined) throw fieldText(locale, keysField, 'synonymTwice', { word: twice });
  return { kind: input.kind, keys: row.keys, replacement: input.kind === 'group' ? null : row.replacement, keysField };
}

/** Writes the entry's row (new when `id` is null) and its keys, refusing a key another entry holds. */
async function store(rows: Rows, locale: Locale, id: number | null, entry: Normalised): Promise<number> {
  const [taken] = await rows<Pick<TableRow<typeof tables.searchSynonymWords>, 'word'>>(sql`
    SELECT word FROM search_synonym_words
    WHERE word = ANY(${sql.param(entry.keys)}::text[]) AND synonym_id IS DISTINCT FROM ${id}::int
    LIMIT 1`);
  if (taken) throw fieldText(locale, entry.keysField, 'synonymTaken', { word: taken.word });
  const replacement = entry.replacement === null ? sql`NULL` : sql`${sql.param(entry.replacement)}::text[]`;
  const [row] =
    id === null
      ? await rows<Pick<TableRow<typeof tables.searchSynonyms>, 'id'>>(sql`
          INSERT INTO search_synonyms (kind, words, replacement)
          VALUES (${entry.kind}, ${sql.param(entry.keys)}::text[], ${replacement}) RETURNING id`)
      : await rows<Pick<TableRow<typeof tables.searchSynonyms>, 'id'>>(sql`
          UPDATE search_synonyms SET kind = ${entry.kind}, words = ${sql.param(entry.keys)}::text[], replacement = ${replacement},
            updated_at = now()
          WHERE id = ${id} RETURNING id`);
  if (!row) throw notFound(text(locale, 'notFound'));
  await rows(sql`DELETE FROM search_synonym_words WHERE synonym_id = ${row.id}`);
  await rows(sql`
    INSERT INTO search_synonym_words (word, synonym_id) SELECT unnest(${sql.param(entry.keys)}::text[]), ${row.id}::int`);
  // Every instance's search plans were made without this change: they are made again once the version moves.
  await rows(sql`SELECT attar_listings_changed()`);
  return row.id;
}

/** A key written by someone else between the check and the insert: the same field error as the check's. */
function keyRace(locale: Locale, input: StaffSynonymInput) {
  return (error: unknown): never => {
    if (violation(error)?.code === '23505')
      throw fieldText(locale, input.kind === 'group' ? 'words' : 'word', 'synonymTaken', {
        word: input.kind === 'group' ? input.words.join(', ') : input.word,
      });
    throw error;
  };
}

export async function createSynonym(database: Database, staffId: number, locale: Locale, input: StaffSynonymInput) {
  return database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const id = await store(rows, locale, null, await normalise(rows, locale, input));
      const after = oneRow(await synonymRows(rows, id)).synonym;
      await recordAudit(rows, { staffId, action: 'search_synonyms.create', entity: 'search_synonyms', entityId: id, after });
      return after;
    })
    .catch(keyRace(locale, input));
}

export async function updateSynonym(database: Database, staffId: number, locale: Locale, id: number, input: StaffSynonymInput) {
  return database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const before = rowOrNotFound(await synonymRows(rows, id), text(locale, 'notFound')).synonym;
      await store(rows, locale, id, await normalise(rows, locale, input));
      const after = oneRow(await synonymRows(rows, id)).synonym;
      await recordAudit(rows, { staffId, action: 'search_synonyms.update', entity: 'search_synonyms', entityId: id, before, after });
      return after;
    })
    .catch(keyRace(locale, input));
}

export async function deleteSynonym(database: Database, staffId: number, locale: Locale, id: number) {
  await database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const before = rowOrNotFound(await synonymRows(rows, id), text(locale, 'notFound')).synonym;
    // Its keys go with it (foreign key, on delete cascade).
    await rows(sql`DELETE FROM search_synonyms WHERE id = ${id}`);
    await rows(sql`SELECT attar_listings_changed()`);
    await recordAudit(rows, { staffId, action: 'search_synonyms.delete', entity: 'search_synonyms', entityId: id, before });
  });
}
