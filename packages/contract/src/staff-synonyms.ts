/**
 * Search synonyms the owner edits in the back office, under `/api/staff/search/synonyms/` (decision 0046): groups of
 * words that mean the same (any of them finds what any finds) and one-way replacements (a word also read as another
 * word or phrase, never the other way). The API stores them as search normalises them, so they come back that way.
 */
import { z } from 'zod';
import { Id } from './common';

export const SYNONYM_KINDS = ['group', 'replacement'] as const;
export const SynonymKind = z.enum(SYNONYM_KINDS);
export type SynonymKind = z.infer<typeof SynonymKind>;

/** How much one entry may hold; the database checks the same. */
export const SYNONYM_LIMITS = { wordLength: 40, groupWords: 10, replacementWords: 5 } as const;

/** Letters (with their marks) and digits only: a search word, never punctuation, spaces or emoji. */
const ONE_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

export const SynonymWord = z.string().trim().min(1).max(SYNONYM_LIMITS.wordLength).regex(ONE_WORD);

export const StaffSynonymGroupInput = z.object({
  kind: z.literal('group'),
  words: z.array(SynonymWord).min(2).max(SYNONYM_LIMITS.groupWords),
});
export const StaffReplacementInput = z.object({
  kind: z.literal('replacement'),
  word: SynonymWord,
  /** What the word is also read as, one word or a phrase's words: ["eau", "de", "cologne"]. */
  replacement: z.array(SynonymWord).min(1).max(SYNONYM_LIMITS.replacementWords),
});
export const StaffSynonymInput = z.discriminatedUnion('kind', [StaffSynonymGroupInput, StaffReplacementInput]);
export type StaffSynonymInput = z.infer<typeof StaffSynonymInput>;

/** An entry as stored (normalised): a group's words, or a replacement's word and the words it is also read as. */
export const StaffSynonym = z.discriminatedUnion('kind', [
  z.object({ id: Id, kind: z.literal('group'), words: z.array(z.string()), updated_at: z.iso.datetime({ offset: true }) }),
  z.object({
    id: Id,
    kind: z.literal('replacement'),
    word: z.string(),
    replacement: z.array(z.string()),
    updated_at: z.iso.datetime({ offset: true }),
  }),
]);
export type StaffSynonym = z.infer<typeof StaffSynonym>;
