import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type SavedView, type StaffOrderBoard, type StaffRole } from '@attar/contract';
import { en } from '../messages/en';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, errorOf, fill, findToast, LANGUAGES, writesOf, type Words } from '../test/screen-kit';

const PATH = '/api/staff/saved-views/';

const emptyBoard: StaffOrderBoard = {
  count: 0,
  next: null,
  previous: null,
  results: [],
  counts: Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as StaffOrderBoard['counts'],
  waiting: 0,
};

const cairoCod: SavedView = {
  id: 1,
  list: 'orders',
  name: 'Cairo COD to confirm',
  search: { status: 'placed', region: 1, payment_method: 'cod' },
  shared: false,
  created_at: '2026-11-27T09:30:00Z',
};
const packed: SavedView = {
  id: 2,
  list: 'orders',
  name: 'packed, not handed over',
  search: { status: 'packed', sort: 'created_at' },
  shared: true,
  created_at: '2026-11-27T09:31:00Z',
};

/**
 * The board and the saved views as `role` signed in: the views kept as the API keeps them (a POST adds one, a DELETE
 * takes it away), a POST answered with `refusal` instead when given. The calls received.
 */
function viewsApi(role: StaffRole, refusal?: Response) {
  let views = [cairoCod, packed];
  return standInApi(role, ({ method, url, body }) => {
    if (url.pathname === '/api/staff/orders/') return json(200, emptyBoard);
    if (url.pathname === PATH && method === 'GET') return json(200, views);
    if (url.pathname === PATH && method === 'POST') {
      if (refusal) return refusal;
      const input = body as Omit<SavedView, 'id' | 'created_at'>;
      const view = { ...input, id: views.length + 10, created_at: '2026-11-28T10:00:00Z' };
      views = [...views, view];
      return json(201, view);
    }
    if (url.pathname.startsWith(PATH) && method === 'DELETE') {
      views = views.filter((view) => url.pathname !== `${PATH}${view.id}/`);
      return json(204, null);
    }
    return undefined;
  });
}

const openViews = async (words: Words) => {
  await userEvent.click(await screen.findByRole('button', { name: words.savedViews }));
  return screen.findByRole('dialog', { name: words.savedViewsTitle });
};
const viewNames = () => screen.getAllByTestId('saved-view').map((row) => within(row).getAllByRole('button')[0]!.textContent);

isolateScreenTests();

describe('the board’s saved views', () => {
  it.each(LANGUAGES)('applies a view by putting its filters in the address ($locale)', async ({ locale, words }) => {
    const calls = viewsApi('support');
    const router = openScreen(locale, '/admin/orders?q=salma&page=2');
    const dialog = await openViews(words);
    await waitFor(() => expect(viewNames()).toEqual([cairoCod.name, packed.name]));
    expect(within(screen.getAllByTestId('saved-view')[1]!).getByText(words.savedViewShared)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: cairoCod.name }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'placed', region: 1, payment_method: 'cod' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url.pathname === '/api/staff/orders/').map((call) => Object.fromEntries(call.url.searchParams)),
      ).toContainEqual({
        status: 'placed',
        region: '1',
        payment_method: 'cod',
        page_size: '25',
      }),
    );
  });

  it.each(LANGUAGES)(
    'saves the current filters, not their page, for a member who may not share: no shared box, no deleting a shared view ($locale)',
    async ({ locale, words, say }) => {
      const calls = viewsApi('fulfilment');
      openScreen(locale, '/admin/orders?status=placed&q=0100&paid=no&page=3');
      const dialog = await openViews(words);
      await waitFor(() => expect(viewNames()).toHaveLength(2));
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      expect(within(dialog).queryByRole('button', { name: say('deleteNamed', { name: packed.name }) })).toBeNull();
      expect(within(dialog).getByRole('button', { name: say('deleteNamed', { name: cairoCod.name }) })).toBeTruthy();

      await fill(within(dialog).getByLabelText(words.name), 'Unpaid to confirm');
      await userEvent.click(within(dialog).getByRole('button', { name: words.saveView }));
      expect(await findToast(say('savedViewSaved', { name: 'Unpaid to confirm' }))).toBeTruthy();
      expect(writesOf(calls).map((call) => call.body)).toEqual([
        { list: 'orders', name: 'Unpaid to confirm', search: { status: 'placed', q: '0100', paid: 'no' }, shared: false },
      ]);
      await waitFor(() => expect(viewNames()).toContain('Unpaid to confirm'));
    },
  );

  it('lets the owner share a view with everyone and delete a shared one once confirmed', async () => {
    const calls = viewsApi('owner');
    openScreen('en', '/admin/orders?payment_method=card');
    const dialog = await openViews(en);
    await waitFor(() => expect(viewNames()).toHaveLength(2));
    await fill(within(dialog).getByLabelText(en.name), 'Cards');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: en.savedViewShareWithEveryone }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.saveView }));
    await waitFor(() =>
      expect(writesOf(calls).map((call) => call.body)).toEqual([
        { list: 'orders', name: 'Cards', search: { payment_method: 'card' }, shared: true },
      ]),
    );

    await userEvent.click(within(dialog).getByRole('button', { name: `Delete ${packed.name}` }));
    const confirm = await screen.findByRole('dialog', { name: `Delete ${packed.name}?` });
    expect(within(confirm).getByText(en.sharedViewDeleteHint)).toBeTruthy();
    expect(writesOf(calls)).toHaveLength(1);
    await userEvent.click(within(confirm).getByRole('button', { name: en.deleteLabel }));
    expect(await findToast(`Deleted: ${packed.name}.`)).toBeTruthy();
    expect(writesOf(calls).at(-1)).toMatchObject({ method: 'DELETE', path: `${PATH}${packed.id}/` });
    await waitFor(() => expect(viewNames()).not.toContain(packed.name));
  });

  it('asks for a name, and says so when the name is taken (ar)', async () => {
    const taken = 'يوجد بالفعل عرض محفوظ باسم «اليوم».';
    const calls = viewsApi('manager', json(409, { detail: taken, code: 'name_taken' }));
    openScreen('ar', '/admin/orders');
    const ar = AR.words;
    const dialog = await openViews(ar);
    const name = within(dialog).getByLabelText(ar.name);
    await userEvent.click(within(dialog).getByRole('button', { name: ar.saveView }));
    await waitFor(() => expect(errorOf(name)).toBe(ar.errorViewName));
    await fill(name, 'x'.repeat(61));
    await userEvent.click(within(dialog).getByRole('button', { name: ar.saveView }));
    expect(writesOf(calls)).toEqual([]);

    await userEvent.clear(name);
    await fill(name, 'اليوم');
    await userEvent.click(within(dialog).getByRole('button', { name: ar.saveView }));
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(writesOf(calls)).toHaveLength(1);
  });
});
