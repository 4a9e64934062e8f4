/** The synonyms screen's forms: a group's words typed in one field, separated by commas (Latin or Arabic). */
import { z } from 'zod';
import { StaffReplacementInput, StaffSynonymGroupInput, type StaffSynonym } from '@attar/contract';

export const splitWords = (typed: string) =>
  typed
    .split(/[,،]/)
    .map((word) => word.trim())
    .filter(Boolean);

export const GroupForm = z.object({ words: z.string().transform(splitWords).pipe(StaffSynonymGroupInput.shape.words) });
export const ReplacementForm = z.object({
  word: StaffReplacementInput.shape.word,
  replacement: z
    .string()
    .transform((phrase) => phrase.split(/\s+/).filter(Boolean))
    .pipe(StaffReplacementInput.shape.replacement),
});

/** What the forms show for an entry being edited. */
export const groupFormValues = (synonym: StaffSynonym | null) => ({
  words: synonym?.kind === 'group' ? synonym.words.join(', ') : '',
});
export const replacementFormValues = (synonym: StaffSynonym | null) => ({
  word: synonym?.kind === 'replacement' ? synonym.word : '',
  replacement: synonym?.kind === 'replacement' ? synonym.replacement.join(' ') : '',
});
