/**
 * Tags on an order's page (decision 0058): added with suggestions from the tags in use, removed from their chip, each
 * change said in a toast whose Undo sends the inverse call; the customer's tags shown beside, read only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TAG_MAX_LENGTH, type StaffOrder, type StaffRole } from '@attar/contract';
import { placedOrder } from '../test/orders';
import { fill, LANGUAGES } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/orders/12/';

/** The API as the page sees it: the order and its tags (a tag twice in any case refused), the tags in use elsewhere. */
function fakeApi(role: StaffRole, order: StaffOrder = placedOrder) {
  let tags = [...order.tags];
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, { ...order, tags });
    if (url.pathname === '/api/staff/orders/tags/')
      return json(200, {
        results: [
          { tag: 'Fragile', count: 4 },
          { tag: 'VIP', count: 2 },
        ],
      });
    if (url.pathname !== `${PATH}tags/`) return undefined;
    if (method === 'POST') {
      const { tag } = body as { tag: string };
      if (tags.some((each) => each.toLowerCase() === tag.toLowerCase()))
        return json(409, { code: 'tag_exists', detail: `“${tag}” is already a tag here.` });
      tags = [...tags, tag];
    } else tags = tags.filter((each) => each !== url.searchParams.get('tag'));
    return json(200, { tags });
  });
  return {
    tagCalls: () => calls.filter((call) => call.url.pathname === `${PATH}tags/`).map(({ method, path, body }) => ({ method, path, body })),
  };
}

const tagsPanel = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;
const chips = (panel: HTMLElement, name: string) =>
  within(panel)
    .queryAllByRole('list', { name })
    .flatMap((list) =>
      within(list)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    );

isolateScreenTests();

describe('tags on an order', () => {
  it.each(LANGUAGES)('are added with suggestions and undone from the toast ($locale)', async ({ locale, words, say }) => {
    const api = fakeApi('fulfilment');
    openScreen(locale, '/admin/orders/12');
    const panel = await tagsPanel(words.tags);
    expect(within(panel).getByText(words.noTags)).toBeTruthy();
    const input = within(panel).getByLabelText<HTMLInputElement>(words.newTag);
    await userEvent.type(input, 'fr');
    await waitFor(() => expect([...input.list!.options].map((option) => option.value)).toEqual(['Fragile', 'VIP']));
    await userEvent.clear(input);
    await fill(input, '  Fragile ');
    await userEvent.click(within(panel).getByRole('button', { name: words.addTag }));
    expect(await within(panel).findByRole('button', { name: say('removeTag', { tag: 'Fragile' }) })).toBeTruthy();
    expect(chips(panel, words.tags)).toEqual(['Fragile×']);
    expect(input.value).toBe('');
    // The tag on the order is no longer suggested for it.
    await userEvent.type(input, 'f');
    await waitFor(() => expect([...input.list!.options].map((option) => option.value)).toEqual(['VIP']));

    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain(say('tagAdded', { tag: 'Fragile' }));
    await userEvent.click(within(toast).getByRole('button', { name: words.undo }));
    expect(await within(toast).findByText(words.undone)).toBeTruthy();
    await waitFor(() => expect(within(panel).getByText(words.noTags)).toBeTruthy());
    expect(within(toast).queryByRole('button', { name: words.undo })).toBeNull();
    expect(api.tagCalls()).toEqual([
      { method: 'POST', path: `${PATH}tags/`, body: { tag: 'Fragile' } },
      { method: 'DELETE', path: `${PATH}tags/?tag=Fragile`, body: undefined },
    ]);
  });

  it.each(LANGUAGES)('are removed from their chip, and Undo adds them back ($locale)', async ({ locale, words, say }) => {
    const api = fakeApi('support', { ...placedOrder, tags: ['VIP', 'هش'] });
    openScreen(locale, '/admin/orders/12');
    const panel = await tagsPanel(words.tags);
    await userEvent.click(await within(panel).findByRole('button', { name: say('removeTag', { tag: 'هش' }) }));
    await waitFor(() => expect(chips(panel, words.tags)).toEqual(['VIP×']));
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain(say('tagRemoved', { tag: 'هش' }));
    await userEvent.click(within(toast).getByRole('button', { name: words.undo }));
    await waitFor(() => expect(chips(panel, words.tags)).toEqual(['VIP×', 'هش×']));
    expect(api.tagCalls().map((call) => [call.method, call.path, call.body])).toEqual([
      ['DELETE', `${PATH}tags/?tag=${encodeURIComponent('هش')}`, undefined],
      ['POST', `${PATH}tags/`, { tag: 'هش' }],
    ]);
  });

  it.each(LANGUAGES)('say why a tag is refused, sending nothing it can check first ($locale)', async ({ locale, words, say }) => {
    const api = fakeApi('manager', { ...placedOrder, tags: ['VIP'] });
    openScreen(locale, '/admin/orders/12');
    const panel = await tagsPanel(words.tags);
    const input = within(panel).getByLabelText(words.newTag);
    await userEvent.click(within(panel).getByRole('button', { name: words.addTag }));
    expect(await within(panel).findByText(say('tagInvalid', { count: TAG_MAX_LENGTH }))).toBeTruthy();
    expect(api.tagCalls()).toEqual([]);
    await fill(input, 'vip');
    await userEvent.click(within(panel).getByRole('button', { name: words.addTag }));
    expect(await within(panel).findByText('“vip” is already a tag here.')).toBeTruthy();
    expect(chips(panel, words.tags)).toEqual(['VIP×']);
    expect(api.tagCalls()).toEqual([{ method: 'POST', path: `${PATH}tags/`, body: { tag: 'vip' } }]);
    expect(screen.queryByRole('button', { name: words.undo })).toBeNull();
  });

  it('show the customer’s tags beside, to read only', async () => {
    fakeApi('fulfilment', { ...placedOrder, customer_tags: ['Call first'] });
    openScreen('en', '/admin/orders/12');
    const customer = await tagsPanel('Customer');
    expect(chips(customer, 'Customer’s tags')).toEqual(['Call first']);
    expect(within(customer).queryByRole('button')).toBeNull();
  });
});
