import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole, StaffSize, StaffTerm, StaffTermInput, Taxonomy } from '@attar/contract';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, errorOf, findToast, itIsNotShownTo, LANGUAGES, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/catalogue/';

const men: StaffTerm = { id: 1, slug: 'men', name_en: 'Men', name_ar: 'رجالي', position: 0, products: 12 };
const oud: StaffTerm = { id: 5, slug: 'oud', name_en: 'Oud', name_ar: 'عود', position: null, products: 3 };

/** The API as the screen sees it: the lists (families and occasions empty), what it refuses, and the calls it received. */
function fakeApi(role: StaffRole) {
  const terms: Record<Taxonomy, StaffTerm[]> = { categories: [men], families: [], notes: [oud], occasions: [] };
  let sizes: StaffSize[] = [
    { id: 1, ml: 50, products: 4 },
    { id: 2, ml: 100, products: 0 },
  ];
  const calls = standInApi(role, ({ method, url, body }) => {
    const [list, id] = url.pathname.slice(PATH.length).split('/') as [Taxonomy | 'sizes', string];
    if (list === 'sizes') {
      if (method === 'GET') return json(200, sizes);
      if (method === 'DELETE') {
        sizes = sizes.filter((size) => size.id !== Number(id));
        return json(204, null);
      }
      return undefined;
    }
    if (!(list in terms)) return undefined;
    if (method === 'GET') return json(200, terms[list]);
    if (method === 'POST') {
      const sent = body as StaffTermInput;
      if (terms[list].some((term) => term.slug === sent.slug)) return json(400, { slug: ['Another one already has this address.'] });
      const created: StaffTerm = { id: 9, position: null, products: 0, ...sent };
      terms[list] = [...terms[list], created];
      return json(201, created);
    }
    if (method === 'DELETE') return json(409, { detail: 'Still used by 3 products: move them first.', code: 'in_use' });
  });
  return { calls, writes: () => writesOf(calls) };
}

isolateScreenTests();

const panel = (name: string) => screen.findByRole('region', { name });
const rowOf = async (where: HTMLElement, text: string) => (await within(where).findByText(text)).closest('tr')!;

describe('the names and sizes screen', () => {
  it.each(LANGUAGES)('lists each name in both languages with its products, and says when a list is empty ($locale)', async (language) => {
    const { words } = language;
    fakeApi('manager');
    openScreen(language.locale, '/admin/catalogue/names');
    expect(await screen.findByRole('heading', { level: 1, name: words.namesTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe(language.locale === 'ar' ? 'rtl' : 'ltr');

    const categories = await panel(words.taxonomy_categories);
    const row = await rowOf(categories, 'men');
    expect(cellsOf(row)).toEqual([
      'men',
      'Men',
      'رجالي',
      language.locale === 'ar' ? '٠' : '0',
      language.locale === 'ar' ? '١٢' : '12',
      `${words.edit}${words.deleteLabel}`,
    ]);
    const named = language.locale === 'ar' ? 'رجالي' : 'Men';
    expect(within(row).getByRole('button', { name: language.say('editNamed', { name: named }) })).toBeTruthy();
    expect(within(await panel(words.taxonomy_families)).getByText(words.noneYet)).toBeTruthy();
    expect(within(await panel(words.taxonomy_occasions)).getByText(words.noneYet)).toBeTruthy();
    const sizes = await panel(words.sizesTitle);
    expect((await rowOf(sizes, language.locale === 'ar' ? '١٠٠' : '100')).cells[0]!.textContent).toBe(language.say('sizeMl', { ml: 100 }));
  });

  it('adds a category, its slug following the English name, and shows a refused slug under its field', async () => {
    const { words, say } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/catalogue/names');
    await userEvent.click(await screen.findByRole('button', { name: words.addTerm_categories }));
    const dialog = await screen.findByRole('dialog', { name: words.addTerm_categories });
    const nameEn = within(dialog).getByLabelText(words.nameEn);
    await userEvent.type(nameEn, 'Men');
    await userEvent.type(within(dialog).getByLabelText(words.nameAr), 'هدايا');
    expect((within(dialog).getByLabelText(words.columnSlug) as HTMLInputElement).value).toBe('men');
    await userEvent.click(within(dialog).getByRole('button', { name: words.create }));
    expect(await within(dialog).findByText('Another one already has this address.')).toBeTruthy();
    expect(errorOf(within(dialog).getByLabelText(words.columnSlug))).toBe('Another one already has this address.');

    await userEvent.clear(nameEn);
    await userEvent.type(nameEn, 'Gift Sets');
    await userEvent.click(within(dialog).getByRole('button', { name: words.create }));
    expect(await findToast(say('termCreated', { name: 'Gift Sets' }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const categories = await panel(words.taxonomy_categories);
    expect(await rowOf(categories, 'gift-sets')).toBeTruthy();
    expect(within(categories).getAllByRole('row')).toHaveLength(3);
    expect(api.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: `${PATH}categories/`, body: { slug: 'men', name_en: 'Men', name_ar: 'هدايا', position: 1 } },
      { method: 'POST', path: `${PATH}categories/`, body: { slug: 'gift-sets', name_en: 'Gift Sets', name_ar: 'هدايا', position: 1 } },
    ]);
    expect(api.writes()[1]!.headers['X-CSRF-Token']).toBe(CSRF);
  });

  it('asks before deleting, keeps a name products use with the API’s reason, and deletes an unused size (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('manager');
    openScreen('ar', '/admin/catalogue/names');
    const notes = await panel(words.taxonomy_notes);
    await userEvent.click(await within(notes).findByRole('button', { name: say('deleteNamed', { name: 'عود' }) }));
    let dialog = await screen.findByRole('dialog', { name: say('deleteTitle', { name: 'عود' }) });
    expect(within(dialog).getByText(words.deleteHint)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: words.deleteLabel }));
    expect(await within(dialog).findByText('Still used by 3 products: move them first.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: words.keepAsIs }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(notes).getByText('oud')).toBeTruthy();

    const hundred = say('sizeMl', { ml: 100 });
    await userEvent.click(within(await panel(words.sizesTitle)).getByRole('button', { name: say('deleteNamed', { name: hundred }) }));
    dialog = await screen.findByRole('dialog', { name: say('deleteTitle', { name: hundred }) });
    await userEvent.click(within(dialog).getByRole('button', { name: words.deleteLabel }));
    expect(await findToast(say('sizeDeleted', { size: hundred }))).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('region', { name: words.sizesTitle })).queryByText('١٠٠')).toBeNull());
    expect(api.writes().map(({ method, path }) => `${method} ${path}`)).toEqual([`DELETE ${PATH}notes/5/`, `DELETE ${PATH}sizes/2/`]);
  });

  itIsNotShownTo(['fulfilment', 'support'], '/admin/catalogue/names', (role) => fakeApi(role).calls, [PATH]);
});
