import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrderBoard } from '@attar/contract';
import { en } from '../messages/en';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

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
});
