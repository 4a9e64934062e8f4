/**
 * Undo after a step on an order's page (decision 0059): the toast that says what was done offers Undo while the API
 * says the step may be taken back, sends it with the version the step left, and says how it ended; a refused undo is
 * said where the page says its steps' errors.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '@attar/contract';
import { translator } from '../lib/translate';
import { placedOrder } from '../test/orders';
import { LANGUAGE_PAIRS, type Words } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/orders/12/';
const UNTIL = '2026-11-29T08:01:00Z';

/** The API: confirming answers an order that may be undone (or, `undoable` false, not); undoing answers `undone`. */
function fakeApi(undone: (order: StaffOrder) => Response, undoable = true) {
  let shown: StaffOrder = placedOrder;
  const calls = standInApi('fulfilment', ({ method, url }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, shown);
    if (method === 'POST' && url.pathname === `${PATH}confirm/`) {
      shown = {
        ...shown,
        status: 'confirmed',
        version: shown.version + 1,
        undo: undoable ? { action: 'confirm', status: 'placed', until: UNTIL } : null,
      };
      return json(200, shown);
    }
    if (method === 'POST' && url.pathname === `${PATH}undo/`) return undone(shown);
  });
  return { writes: () => calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]) };
}

const confirmAndUndo = async (words: Words) => {
  await userEvent.click(await screen.findByRole('button', { name: words.actionConfirm }));
  await userEvent.click(await screen.findByRole('button', { name: words.undo }));
};

isolateScreenTests();

describe('undoing a step from its toast', () => {
  it.each(LANGUAGE_PAIRS)('takes the confirm back with its version and says where the order is (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi((order) => json(200, { ...order, status: 'placed', version: order.version + 1, undo: null }));
    openScreen(locale, '/admin/orders/12');
    await confirmAndUndo(words);
    const undone = t('undoDone', { number: 'AT100012', status: words.status_placed });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(undone));
    expect(await screen.findByRole('button', { name: words.actionConfirm })).toBeTruthy();
    expect(screen.queryByRole('button', { name: words.undo })).toBeNull();
    // The order number stays left to right in the Arabic toast.
    expect(screen.getByRole('status').querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(api.writes()).toEqual([
      [`${PATH}confirm/`, { version: 3 }],
      [`${PATH}undo/`, { version: 4 }],
    ]);
  });

  it.each(LANGUAGE_PAIRS)('says why when the API refuses, and leaves the order as it is (%s)', async (locale, words) => {
    const detail =
      locale === 'ar'
        ? 'فات أوان التراجع: أُبلغ العميل بهذه الخطوة بالفعل.'
        : 'Too late to undo: the shopper has already been told of this step.';
    fakeApi(() => json(409, { code: 'undo_message_sent', detail }));
    openScreen(locale, '/admin/orders/12');
    await confirmAndUndo(words);
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.getByRole('button', { name: words.actionPack })).toBeTruthy();
  });

  it('offers no Undo where the step may not be taken back, only the usual toast', async () => {
    const words = LANGUAGE_PAIRS[0][1];
    const api = fakeApi(() => json(500, {}), false);
    openScreen('en', '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: words.actionConfirm }));
    await waitFor(() => expect(within(screen.getByRole('status')).getByText(/AT100012/)).toBeTruthy());
    expect(screen.queryByRole('button', { name: words.undo })).toBeNull();
    expect(api.writes()).toEqual([[`${PATH}confirm/`, { version: 3 }]]);
  });
});
