import { screen, waitFor, within } from '@testing-library/react';
import { dialogButtons, fill, LANGUAGE_PAIRS, openScreenShowing, pageOf, rowWith } from '../test/screen-kit';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffReviewRow, StaffRole } from '@attar/contract';
import { formatDate, formatNumber } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/reviews/';
const AT = '2026-11-26T18:00:00Z';

const answered: StaffReviewRow = {
  id: 1,
  product: { id: 5, slug: 'oud-royal', name: 'Oud Royal' },
  rating: 4,
  text: 'Lasts all day, a little sweet.',
  language: 'en',
  author: { id: 7, name: 'Salma Adel', email: 'salma@attar.example' },
  created_at: AT,
  updated_at: AT,
  helpful_count: 3,
  hidden_at: null,
  hidden_by: null,
  reply: 'Thank you, Salma!',
  replied_at: AT,
  replied_by: { id: 1, name: 'Nadia' },
};
const hidden: StaffReviewRow = {
  ...answered,
  id: 2,
  product: { id: 6, slug: 'musk-rose', name: 'Musk Rose' },
  rating: 1,
  text: 'رائحة ضعيفة جدًا',
  language: 'ar',
  author: { id: 8, name: 'Karim', email: null },
  helpful_count: 1,
  hidden_at: AT,
  hidden_by: { id: 1, name: 'Nadia' },
  reply: null,
  replied_at: null,
  replied_by: null,
};

/**
 * The API as the screen sees it: the reviews (hidden, shown, answered as asked), and the calls it received. A reply
 * longer than 30 characters is refused, as the contract's field errors say it.
 */
function fakeApi(role: StaffRole, { reviews = [answered, hidden], refuse = false } = {}) {
  let shown = reviews;
  const change = (id: number, patch: Partial<StaffReviewRow>) => {
    shown = shown.map((review) => (review.id === id ? { ...review, ...patch } : review));
    return json(
      200,
      shown.find((review) => review.id === id),
    );
  };
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, pageOf(shown));
    const [id, step] = url.pathname.slice(PATH.length).split('/');
    if (refuse) return json(404, { detail: 'This review was deleted by its author.', code: 'not_found' });
    if (step === 'hide') return change(Number(id), { hidden_at: AT });
    if (step === 'unhide') return change(Number(id), { hidden_at: null });
    if (step === 'reply' && method === 'DELETE') return change(Number(id), { reply: null });
    if (step === 'reply') {
      const { reply } = body as { reply: string };
      return reply.length > 30 ? json(400, { reply: ['At most 30 characters here.'] }) : change(Number(id), { reply });
    }
  });
  return {
    listCalls: () => calls.filter((call) => call.url.pathname === PATH).map((call) => call.path),
    writes: () => calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]),
    calls,
  };
}

const rowOf = (text: string) => rowWith('review-row', text);

isolateScreenTests();

describe('the reviews screen', () => {
  it.each(LANGUAGE_PAIRS)('shows each review as the shopper wrote it, and hides one from the product page (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('support');
    await openScreenShowing(locale, '/admin/reviews', words.reviewsTitle);
    expect(await screen.findByText(t('reviewsCount', { count: 2 }))).toBeTruthy();

    const row = await rowOf('Oud Royal');
    const stars = within(row).getByText(t('ratingStars', { rating: formatNumber(locale, 4) }));
    // Both figures in the language's digits: "4 of 5", "٤ من ٥".
    expect(stars.textContent!.replace(/[^0-9٠-٩]/g, '')).toBe(formatNumber(locale, 45));
    expect(within(row).getByText(answered.text).getAttribute('lang')).toBe('en');
    // How many found it helpful, in the form the language gives that number.
    expect(within(row).getByText(locale === 'ar' ? 'وجده ٣ أشخاص مفيدًا' : '3 people found it helpful')).toBeTruthy();
    expect(within(row).getByText('Thank you, Salma!')).toBeTruthy();
    expect(within(row).getByText('salma@attar.example').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(row).getByText(formatDate(locale, AT))).toBeTruthy();
    expect(within(row).getByText(words.reviewState_visible)).toBeTruthy();
    const other = await rowOf('Musk Rose');
    expect(within(other).getByText(hidden.text).getAttribute('lang')).toBe('ar');
    expect(within(other).getByText(locale === 'ar' ? 'وجده شخص واحد مفيدًا' : '1 person found it helpful')).toBeTruthy();
    expect(within(other).getByText(words.reviewState_hidden)).toBeTruthy();
    expect(within(other).getByRole('button', { name: words.unhideReview })).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: words.hideReview }));
    expect(await within(row).findByText(words.reviewState_hidden)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(words.reviewHidden);
    expect(api.writes()).toEqual([['POST', `${PATH}1/hide/`, undefined]]);
    expect(api.calls.find((call) => call.method === 'POST')?.headers['X-CSRF-Token']).toBe(CSRF);
  });

  it.each(LANGUAGE_PAIRS)('answers a review in the shop’s name, showing the API’s refusal under the reply (%s)', async (locale, words) => {
    const api = fakeApi('manager');
    openScreen(locale, '/admin/reviews');
    const row = await rowOf('Musk Rose');
    await userEvent.click(within(row).getByRole('button', { name: words.replyToReview }));
    const dialog = await screen.findByRole('dialog', { name: words.replyTitle });
    expect(within(dialog).getByText(hidden.text)).toBeTruthy();
    expect(dialogButtons(dialog)).toEqual([words.keepAsIs, words.saveReply]);
    await userEvent.click(within(dialog).getByRole('button', { name: words.saveReply }));
    expect(await within(dialog).findByText(words.errorRequired)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    const reply = within(dialog).getByLabelText(words.replyLabel);
    await fill(reply, 'نأسف لذلك، سنتصل بك لنستبدل الزجاجة.');
    await userEvent.click(within(dialog).getByRole('button', { name: words.saveReply }));
    expect(await within(dialog).findByText('At most 30 characters here.')).toBeTruthy();
    expect(reply.getAttribute('aria-invalid')).toBe('true');
    expect(within(row).queryByText('نأسف لذلك، سنتصل بك لنستبدل الزجاجة.')).toBeNull();

    await userEvent.clear(reply);
    await fill(reply, 'نأسف لذلك.');
    await userEvent.click(within(dialog).getByRole('button', { name: words.saveReply }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain(words.replySaved);
    expect(await within(row).findByText('نأسف لذلك.')).toBeTruthy();
    expect(within(row).getByRole('button', { name: words.editReply })).toBeTruthy();
    expect(api.writes()).toEqual([
      ['PUT', `${PATH}2/reply/`, { reply: 'نأسف لذلك، سنتصل بك لنستبدل الزجاجة.' }],
      ['PUT', `${PATH}2/reply/`, { reply: 'نأسف لذلك.' }],
    ]);
  });

  it('removes a reply, and shows a hidden review again', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/reviews');
    const row = await rowOf('Oud Royal');
    await userEvent.click(within(row).getByRole('button', { name: en.editReply }));
    const dialog = await screen.findByRole('dialog', { name: en.replyTitle });
    expect((within(dialog).getByLabelText(en.replyLabel) as HTMLTextAreaElement).value).toBe('Thank you, Salma!');
    await userEvent.click(within(dialog).getByRole('button', { name: en.removeReply }));
    await waitFor(() => expect(within(row).queryByText('Thank you, Salma!')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain(en.replyRemoved);

    await userEvent.click(within(await rowOf('Musk Rose')).getByRole('button', { name: en.unhideReview }));
    expect(await within(await rowOf('Musk Rose')).findByText(en.reviewState_visible)).toBeTruthy();
    expect(api.writes()).toEqual([
      ['DELETE', `${PATH}1/reply/`, undefined],
      ['POST', `${PATH}2/unhide/`, undefined],
    ]);
  });

  it('says in words why a review could not be hidden, and leaves it shown', async () => {
    fakeApi('manager', { refuse: true });
    openScreen('en', '/admin/reviews');
    const row = await rowOf('Oud Royal');
    await userEvent.click(within(row).getByRole('button', { name: en.hideReview }));
    expect(await within(row).findByText('This review was deleted by its author.')).toBeTruthy();
    expect(within(row).getByText(en.reviewState_visible)).toBeTruthy();
  });

  it.each(LANGUAGE_PAIRS)(
    'says when no review matches, and filters by words, state and rating as they change (%s)',
    async (locale, words) => {
      const t = translator(locale);
      const api = fakeApi('owner', { reviews: [] });
      const router = openScreen(locale, '/admin/reviews?product=4&page=2');
      expect(await screen.findByText(words.noReviews)).toBeTruthy();
      const filters = screen.getByRole('search', { name: words.filters });
      await userEvent.type(within(filters).getByLabelText(words.search), 'oud');
      await userEvent.selectOptions(within(filters).getByLabelText(words.columnState), words.reviewState_hidden);
      await userEvent.selectOptions(
        within(filters).getByLabelText(words.columnRating),
        t('ratingStars', { rating: formatNumber(locale, 2) }),
      );
      // The product chosen by a link stays chosen; the page goes back to the first.
      await waitFor(() => expect(router.state.location.search).toEqual({ product: 4, q: 'oud', state: 'hidden', rating: 2 }));
      const asked = new URL(api.listCalls().at(-1)!, 'http://admin.test');
      expect(Object.fromEntries(asked.searchParams)).toEqual({ product: '4', q: 'oud', rating: '2', hidden: 'true', page_size: '25' });
      await userEvent.click(within(filters).getByRole('button', { name: words.clearFilters }));
      await waitFor(() => expect(api.listCalls().at(-1)).toBe(`${PATH}?page_size=25`));
    },
  );

  it('is neither linked nor loaded for a role that may not moderate reviews', async () => {
    const api = fakeApi('fulfilment');
    openScreen('en', '/admin/reviews');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navReviews })).toBeNull();
    expect(api.listCalls()).toEqual([]);
  });
});
