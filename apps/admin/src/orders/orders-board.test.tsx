import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrderBoard, StaffOrderRow } from '@attar/contract';
import { en } from '../messages/en';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { cellsOf, LANGUAGES } from '../test/screen-kit';

const emptyBoard: StaffOrderBoard = {
  count: 0,
  next: null,
  previous: null,
  results: [],
  counts: {
    pending_payment: 0,
    awaiting_shopper: 0,
    placed: 3,
    confirmed: 1,
    packed: 0,
    shipped: 0,
    delivered: 0,
    cancelled: 0,
    refunded: 0,
  },
  waiting: 3,
};

/** The board's API failing until `recover()`, then answering; the session and the rest as the stand-in does. */
function failingBoard() {
  let failing = true;
  const calls = standInApi('owner', ({ url }) => {
    if (url.pathname !== '/api/staff/orders/') return undefined;
    return failing ? json(503, { detail: 'The shop is busy. Try again in a moment.', code: 'unavailable' }) : json(200, emptyBoard);
  });
  return {
    recover: () => {
      failing = false;
    },
    boardCalls: () => calls.filter((call) => call.url.pathname === '/api/staff/orders/').length,
  };
}

const row = (id: number, customer_name: string): StaffOrderRow => ({
  id,
  order_number: `AT1000${id}`,
  status: 'placed',
  version: 1,
  created_at: '2026-11-27T09:30:00Z',
  customer_name,
  customer_phone: '+201001112223',
  region: { id: 1, name: 'Cairo' },
  payment_method: 'cod',
  paid: false,
  total: 950,
  promo_code: null,
  items: 2,
  unanswered: false,
  tags: [],
});

/** Two orders of 60 (three pages), three of them placed and one confirmed. */
const twoOrders: StaffOrderBoard = { ...emptyBoard, count: 60, results: [row(12, 'Salma Adel'), row(13, 'Omar Nabil')] };

/** The board's API answering `board`, each answer held back until `answer()` when `held`; the board's calls' queries. */
function boardApi(board: StaffOrderBoard, held = false) {
  const waiting: (() => void)[] = [];
  const calls = standInApi('owner', ({ url }) => {
    if (url.pathname !== '/api/staff/orders/') return undefined;
    if (!held) return json(200, board);
    return new Promise<Response>((resolve) => waiting.push(() => resolve(json(200, board)))) as unknown as Response;
  });
  return {
    answer: () => waiting.splice(0).forEach((resolve) => resolve()),
    // The board's own calls, not the menu's badge (a page of one).
    asked: () =>
      calls
        .filter((call) => call.url.pathname === '/api/staff/orders/' && call.url.searchParams.get('page_size') !== '1')
        .map((call) => Object.fromEntries(call.url.searchParams)),
  };
}

const tabTexts = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

isolateScreenTests();

describe('the orders board', () => {
  it('shows no count on its tabs while they are unknown, and a Retry after a failure', async () => {
    const api = failingBoard();
    openScreen('en', '/admin/orders');
    const retry = await screen.findByRole('button', { name: en.retry });
    expect(screen.getByRole('tab', { name: en.status_placed })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /\(0\)/ })).toBeNull();

    api.recover();
    const before = api.boardCalls();
    await userEvent.click(retry);
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain(`${en.status_placed} (3)`));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain(`${en.status_all} (4)`);
    await waitFor(() => expect(screen.queryByRole('button', { name: en.retry })).toBeNull());
    expect(api.boardCalls()).toBeGreaterThan(before);
  });

  it.each(LANGUAGES)('shows no count on its tabs while the board is loading, then each count ($locale)', async ({ locale, words }) => {
    const api = boardApi(twoOrders, true);
    openScreen(locale, '/admin/orders');
    const table = await screen.findByRole('table', { name: words.ordersTitle });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getByText(words.loading)).toBeTruthy();
    expect(tabTexts()).toContain(words.status_placed);
    expect(tabTexts().filter((text) => /\(/.test(text!))).toEqual([]);

    await waitFor(() => expect(api.asked()).toHaveLength(1));
    api.answer();
    await waitFor(() => expect(tabTexts()).toContain(`${words.status_placed} (${locale === 'ar' ? '٣' : '3'})`));
    expect(tabTexts()).toContain(`${words.status_all} (${locale === 'ar' ? '٤' : '4'})`);
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(cellsOf(screen.getAllByTestId('order-row')[0]!).slice(1, 2)).toEqual(['AT100012']);
  });

  it.each(LANGUAGES)(
    'shows each order’s tags as chips and filters by an order’s or a customer’s tag ($locale)',
    async ({ locale, words }) => {
      const api = boardApi({ ...twoOrders, results: [{ ...row(12, 'Salma Adel'), tags: ['VIP', 'قابل للكسر'] }, row(13, 'Omar Nabil')] });
      const router = openScreen(locale, '/admin/orders?customer_tag=Call%20first');
      const [salma, omar] = await screen.findAllByTestId('order-row');
      const chips = within(salma!).getByRole('list', { name: words.tags });
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['VIP', 'قابل للكسر']);
      expect(within(omar!).queryByRole('list', { name: words.tags })).toBeNull();
      expect(api.asked().at(-1)).toEqual({ customer_tag: 'Call first', page_size: '25' });

      const filters = screen.getByRole('search', { name: words.filters });
      expect((within(filters).getByLabelText(words.customerTagFilter) as HTMLInputElement).value).toBe('Call first');
      await userEvent.type(within(filters).getByLabelText(words.tagFilter), 'VIP{Enter}');
      await waitFor(() => expect(router.state.location.search).toEqual({ customer_tag: 'Call first', tag: 'VIP' }));
      expect(api.asked().at(-1)).toEqual({ customer_tag: 'Call first', tag: 'VIP', page_size: '25' });
    },
  );

  it('applies a search once typing pauses and a choice at once, each back to page 1 with nothing selected', async () => {
    const api = boardApi(twoOrders);
    openScreen('en', '/admin/orders?status=placed&page=2');
    // The row's box (a phone's card holds the same one).
    const salmasBox = async () =>
      within((await screen.findAllByTestId('order-row'))[0]!).getByRole('checkbox', { name: 'Select order AT100012' });
    const salma = await salmasBox();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await userEvent.click(salma);
    expect(screen.getByRole('button', { name: en.bulkConfirm })).toBeTruthy();

    const filters = screen.getByRole('search', { name: en.filters });
    expect(within(filters).queryByRole('button', { name: en.search })).toBeNull();
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.search }), 'salma');
    // Not at every key: once, when the typing pauses.
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ status: 'placed', q: 'salma', page_size: '25' }));
    expect(api.asked().filter((query) => query.q !== undefined)).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeTruthy());
    expect(screen.queryByRole('button', { name: en.bulkConfirm })).toBeNull();
    expect(((await salmasBox()) as HTMLInputElement).checked).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: en.next }));
    await waitFor(() => expect(api.asked().at(-1)).toMatchObject({ page: '2' }));
    await userEvent.selectOptions(within(filters).getByLabelText(en.paymentMethod), en.payment_card);
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ status: 'placed', q: 'salma', payment_method: 'card', page_size: '25' }));
    // The search box keeps what was typed; Clear empties it with the rest.
    expect((within(filters).getByRole('searchbox', { name: en.search }) as HTMLInputElement).value).toBe('salma');
    await userEvent.click(within(filters).getByRole('button', { name: en.clearFilters }));
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ page_size: '25' }));
    expect((within(filters).getByRole('searchbox', { name: en.search }) as HTMLInputElement).value).toBe('');
  });

  it.each(LANGUAGES)(
    'shows and takes its days in the screen’s language, the day first, sending ISO days ($locale)',
    async ({ locale, words, say }) => {
      const api = boardApi(twoOrders);
      openScreen(locale, '/admin/orders?from=2026-11-06');
      await screen.findAllByTestId('order-row');
      const filters = screen.getByRole('search', { name: words.filters });
      const from = within(filters).getByLabelText(words.dateFrom) as HTMLInputElement;
      const to = within(filters).getByLabelText(words.dateTo) as HTMLInputElement;
      // Not the browser's month first: "06/11/2026", or "٠٦/١١/٢٠٢٦" read from the right.
      expect(from.value).toBe(locale === 'ar' ? '٠٦\u200F/١١\u200F/٢٠٢٦' : '06/11/2026');
      expect(to.placeholder).toBe(locale === 'ar' ? 'يوم/شهر/سنة' : 'dd/mm/yyyy');

      // A day as that language's keyboard types it; half typed, it filters nothing yet.
      await userEvent.type(to, locale === 'ar' ? '٢٠/١١/٢٠٢' : '20/11/202');
      expect(api.asked().filter((query) => query.to !== undefined)).toEqual([]);
      await userEvent.type(to, locale === 'ar' ? '٦' : '6');
      await waitFor(() => expect(api.asked().at(-1)).toEqual({ from: '2026-11-06', to: '2026-11-20', page_size: '25' }));

      // What is not a day is said when the field is left, and changes nothing.
      await userEvent.clear(from);
      await waitFor(() => expect(api.asked().at(-1)).toEqual({ to: '2026-11-20', page_size: '25' }));
      await userEvent.type(from, '31/02/2026');
      await userEvent.tab();
      expect(within(filters).getByRole('alert').textContent).toBe(
        say('errorTypedDay', { example: locale === 'ar' ? '٢٦\u200F/١١\u200F/٢٠٢٦' : '26/11/2026' }),
      );
      expect(from.getAttribute('aria-invalid')).toBe('true');
      expect(api.asked().at(-1)).toEqual({ to: '2026-11-20', page_size: '25' });
    },
  );
});
