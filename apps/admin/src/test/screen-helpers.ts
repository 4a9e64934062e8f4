/**
 * What screen tests share beside `screen.tsx`: the two languages with their catalogues, a screen opened until its
 * title shows, a field filled in as a person does it, the row a list shows a
 * text in, and a form's data holding its chosen files.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { openScreen } from './screen';
import { AR, EN } from './screen-kit';

/** Every screen is tested in both languages: `it.each(LANGUAGES)('… (%s)', (locale, words) => …)` (screen-kit's, as pairs). */
export const LANGUAGES = [
  [EN.locale, EN.words],
  [AR.locale, AR.words],
] as const;

/** The texts of either language, as a test reads them. */
export type Words = (typeof LANGUAGES)[number][1];

/** The back office at `path` in `locale`, once its screen shows its title (`heading`), in the language's direction. */
export async function openScreenShowing(locale: 'en' | 'ar', path: string, heading: string) {
  openScreen(locale, path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
}

/** Text put in a field as a person pastes it (typing a long text key by key only makes a test slower). */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** The row (`testId`) that shows `text`, once the list shows it: a toast or a dialog may name the same text. */
export const rowWith = (testId: string, text: string) =>
  waitFor(() => {
    const row = screen.getAllByTestId(testId).find((each) => within(each).queryAllByText(text).length > 0);
    if (!row) throw new Error(`no ${testId} shows ${text}`);
    return row;
  });

/**
 * Makes a form's data hold the files chosen with `userEvent.upload`, as a browser's does: jsdom builds it from its own
 * record of a file field, which user-event cannot set. For a screen that reads its file from `new FormData(form)`.
 */
export function formDataWithChosenFiles() {
  class WithChosenFiles extends FormData {
    constructor(form?: HTMLFormElement) {
      super(form);
      for (const field of form?.querySelectorAll<HTMLInputElement>('input[type="file"][name]') ?? [])
        if (field.files?.[0]) this.set(field.name, field.files[0]);
    }
  }
  vi.stubGlobal('FormData', WithChosenFiles);
}
