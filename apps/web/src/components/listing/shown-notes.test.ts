import { describe, expect, it } from 'vitest';
import { NOTES_SHOWN, shownNotes } from './shown-notes';

const notes = Array.from({ length: 25 }, (_, index) => ({ value: `note-${index}`, name: `Note ${index}` }));
const names = (list: { name: string }[]) => list.map((each) => each.name);

describe('shownNotes', () => {
  it('lists the first few, and the chosen ones after them', () => {
    const shown = shownNotes(notes, ['note-20'], '', false);
    expect(shown).toHaveLength(NOTES_SHOWN + 1);
    expect(shown.at(-1)?.value).toBe('note-20');
  });

  it('lists every note once asked to', () => {
    expect(shownNotes(notes, [], '', true)).toHaveLength(25);
  });

  it('narrows to the names holding the search, in any letter case, whatever is chosen', () => {
    expect(names(shownNotes(notes, ['note-3'], ' note 2', false))).toEqual(['Note 2', ...names(notes.slice(20, 25))]);
    const arabic = [
      { value: 'oud', name: 'عود' },
      { value: 'rose', name: 'ورد' },
    ];
    expect(shownNotes(arabic, [], 'عو', false)).toEqual([arabic[0]]);
    expect(shownNotes(arabic, [], 'ROSE', false)).toEqual([arabic[1]]);
    expect(shownNotes(arabic, [], 'amber', false)).toEqual([]);
  });
});
