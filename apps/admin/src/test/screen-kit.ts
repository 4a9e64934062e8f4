/**
 * What screen tests share beside the stand-in API: each language with its words, a page of a list as the API answers
 * it, things kept by id, the toast a screen said, an error under a field, the calls that change something, and the test
 * that a role which may not open a screen is shown none of it; a screen opened until its title shows, a field filled
 * in as a person does it, the row a list shows a text in, a form's data holding its chosen files, and the test that
 * a list which failed loads again on Try again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import type { Paginated, StaffRole } from '@attar/contract';
import { translator } from '../lib/translate';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { json, openScreen, standInApi, type ApiCall } from './screen';

/**
 * Both languages, each with its catalogue (`words`) and its texts with their values filled in (`say`, numbers in the
 * language's digits), for `it.each` (a test's name shows `$locale`).
 */
export const LANGUAGES = [
  { locale: 'en', words: en, say: translator('en') },
  { locale: 'ar', words: ar, say: translator('ar') },
] as const;
export const [EN, AR] = LANGUAGES;

/** The same two languages as pairs, for `it.each(LANGUAGE_PAIRS)('… (%s)', (locale, words) => …)`. */
export const LANGUAGE_PAIRS = [
  [EN.locale, EN.words],
  [AR.locale, AR.words],
] as const;

/** The texts of either language, as a test reads them. */
export type Words = (typeof LANGUAGE_PAIRS)[number][1];

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

/**
 * The buttons of a dialog's last row, in order: every dialog ends the same way, Go back and then its own step, at the
 * end of the line.
 */
export function dialogButtons(dialog: HTMLElement) {
  const row = within(dialog).getByTestId('dialog-buttons');
  expect(row.className).toContain('justify-end');
  return within(row)
    .getAllByRole('button')
    .map((button) => button.textContent);
}

/** One page of a list as the API answers it. */
export const pageOf = <Row>(results: Row[], count = results.length): Paginated<Row> => ({ count, next: null, previous: null, results });

/** The texts of a table row's cells, in order. */
export const cellsOf = (row: Element) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent);

/** The toasts' live region, where a screen says what an action did. */
const toasts = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite')!;

/** Waits for a toast saying `text`. */
export const findToast = (text: string) => within(toasts()).findByText(text);

/** The error shown under a form field (tied to it by aria-describedby), or null. */
export const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

/** The calls that change something (any but GET). */
export const writesOf = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

/**
 * Things with an id under `path` (products, offers, promotion codes) as a stand-in API keeps them: each answered at
 * `path/{id}/`; a write (a POST to `path` creates one; any other goes to `path/{id}/` or to `path/{id}/{action}/`)
 * answered with what `write` makes of it, unless answers were handed to `refuseNext`: they come first, changing nothing.
 */
export function thingsById<Thing extends { id: number }>(
  path: string,
  things: Thing[],
  write: (before: Thing | null, body: unknown, action: string | undefined) => Thing,
) {
  const kept = new Map(things.map((thing) => [thing.id, thing]));
  const refusals: Response[] = [];
  const answer = ({ method, url, body }: ApiCall) => {
    if (!url.pathname.startsWith(path)) return undefined;
    if (method !== 'GET' && refusals.length > 0) return refusals.shift();
    const [id, action] = url.pathname
      .slice(path.length)
      .split('/')
      .map((part) => part || undefined);
    const before = id === undefined ? null : kept.get(Number(id));
    if (before === undefined || (method === 'GET' && before === null)) return undefined;
    if (method === 'GET') return json(200, before);
    const after = write(before, body, action);
    kept.set(after.id, after);
    return json(before === null ? 201 : 200, after);
  };
  return { answer, refuseNext: (...answers: Response[]) => void refusals.push(...answers) };
}

/**
 * The test that two roles which may not open the screen at `path` see the no-access message there, the first in
 * English and the second in Arabic, and that no call under `paths` is made; `standIn` starts the screen's stand-in API
 * signed in as a role and answers the calls it will receive.
 */
export function itIsNotShownTo(
  roles: readonly [StaffRole, StaffRole],
  path: string,
  standIn: (role: StaffRole) => ApiCall[],
  paths: string[],
) {
  it.each([
    { ...EN, role: roles[0] },
    { ...AR, role: roles[1] },
  ])('is not shown to $role, who may not open it ($locale)', async ({ locale, words, role }) => {
    const calls = standIn(role);
    openScreen(locale, path);
    expect(await screen.findByText(words.noAccess)).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(calls.filter((call) => paths.some((prefix) => call.path.startsWith(prefix)))).toEqual([]);
  });
}

/** The API's 503 in Arabic: the shop is busy. */
const BUSY = 'المتجر مشغول. حاول بعد قليل.';

/**
 * The test that a list which could not be loaded says why in the API's words, and loads again on Try again: `path`
 * opened in Arabic as `role`, its list at `list` answering 503 until the retry and `answer` after; `loaded` waits for
 * what the list then shows.
 */
export function itLoadsAgainOnTryAgain(role: StaffRole, path: string, list: string, answer: unknown, loaded: () => Promise<unknown>) {
  it('says why the list could not be loaded, and loads it again on Try again (ar)', async () => {
    let failing = true;
    standInApi(role, ({ url }) => {
      if (url.pathname !== list) return undefined;
      return failing ? json(503, { detail: BUSY, code: 'unavailable' }) : json(200, answer);
    });
    openScreen('ar', path);
    expect((await screen.findByRole('alert')).textContent).toBe(BUSY);
    expect(screen.queryByRole('table')).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: ar.retry }));
    await loaded();
    expect(screen.queryByRole('alert')).toBeNull();
  });
}
