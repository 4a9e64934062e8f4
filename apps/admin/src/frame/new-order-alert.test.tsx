import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../lib/format';
import { emptyBoard } from '../test/orders';
import { LANGUAGE_PAIRS } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

/** A stand-in browser player that records each note it is asked to play. */
function standInAudio() {
  const notes: number[] = [];
  class StandInAudioContext {
    state = 'suspended';
    currentTime = 0;
    destination = {};
    async resume() {
      this.state = 'running';
    }
    createGain() {
      const ramp = () => undefined;
      return { gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp }, connect: (next: unknown) => next };
    }
    createOscillator() {
      const frequency = { value: 0 };
      return { frequency, connect: (next: unknown) => next, start: () => notes.push(frequency.value), stop: () => undefined };
    }
  }
  vi.stubGlobal('AudioContext', StandInAudioContext);
  return notes;
}

/** The back office with `waiting()` orders waiting for confirmation, read again each time the board's badge asks. */
function shopWaiting(waiting: () => number) {
  standInApi('fulfilment', ({ url }) =>
    url.pathname === '/api/staff/orders/' ? json(200, { ...emptyBoard, waiting: waiting() }) : undefined,
  );
}

/** What the board's badge does every few seconds: ask again (here when the tab is seen again). */
const pollAgain = () => window.dispatchEvent(new Event('visibilitychange'));

isolateScreenTests();

describe('new order alert', () => {
  it.each(LANGUAGE_PAIRS)(
    'puts the count of orders waiting in the tab title, and only while there are some (%s)',
    async (locale, words) => {
      let waiting = 3;
      shopWaiting(() => waiting);
      openScreen(locale, '/admin/returns');
      await waitFor(() => expect(document.title).toBe(`(${formatNumber(locale, 3)}) ${words.appName}`));
      waiting = 0;
      pollAgain();
      await waitFor(() => expect(document.title).toBe(words.appName));
    },
  );

  it.each(LANGUAGE_PAIRS)('chimes when orders arrive once the reader turns the sound on, and remembers it (%s)', async (locale, words) => {
    const notes = standInAudio();
    let waiting = 1;
    shopWaiting(() => waiting);
    openScreen(locale, '/admin/returns');
    const sound = await screen.findByRole('button', { name: words.newOrderSound });
    expect(sound.getAttribute('aria-pressed')).toBe('false');
    // Off by default: a new order makes no sound.
    waiting = 2;
    pollAgain();
    await waitFor(() => expect(document.title).toContain(formatNumber(locale, 2)));
    expect(notes).toEqual([]);

    await userEvent.click(sound);
    expect(sound.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(notes).toEqual([880, 1320]));
    expect(localStorage.getItem('attar-admin-new-order-sound')).toBe('on');

    waiting = 4;
    pollAgain();
    await waitFor(() => expect(notes).toEqual([880, 1320, 880, 1320]));
    // Fewer waiting (one was confirmed): no sound.
    waiting = 3;
    pollAgain();
    await waitFor(() => expect(document.title).toContain(formatNumber(locale, 3)));
    expect(notes).toHaveLength(4);

    await userEvent.click(sound);
    expect(localStorage.getItem('attar-admin-new-order-sound')).toBe('off');
    waiting = 5;
    pollAgain();
    await waitFor(() => expect(document.title).toContain(formatNumber(locale, 5)));
    expect(notes).toHaveLength(4);
  });
});
