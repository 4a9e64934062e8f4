import type { FilterOption } from './filter-choices';

/** How many notes the filter lists before "Show all" (they come in the order of their names). */
export const NOTES_SHOWN = 10;

/**
 * The notes the filter lists: those whose name (or slug) holds the searched text; without a search, the first
 * NOTES_SHOWN or every one, and the chosen ones always, so a set filter can be seen and unticked.
 */
export function shownNotes(notes: FilterOption[], chosen: readonly string[], search: string, all: boolean): FilterOption[] {
  const wanted = search.trim().toLocaleLowerCase();
  if (wanted !== '') return notes.filter((note) => note.name.toLocaleLowerCase().includes(wanted) || note.value.includes(wanted));
  if (all) return notes;
  return notes.filter((note, index) => index < NOTES_SHOWN || chosen.includes(note.value));
}
