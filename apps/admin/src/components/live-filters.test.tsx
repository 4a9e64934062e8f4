import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { en } from '../messages/en';
import { isolateScreenTests } from '../test/screen';
import { LiveSearch, TYPING_PAUSE_MS } from './live-filters';

/** The search as a screen uses it: the "address" (state) takes what it applies; `Elsewhere` sets it as a link would. */
function ScreenOf({ applied }: { applied(q: string | undefined): void }) {
  const [q, setQ] = useState<string | undefined>(undefined);
  return (
    <>
      <LiveSearch
        q={q}
        placeholder="Order number"
        onSearch={(next) => {
          applied(next);
          setQ(next);
        }}
      />
      <button type="button" onClick={() => setQ('AT100012')}>
        Elsewhere
      </button>
      <output>{q ?? 'none'}</output>
    </>
  );
}

function openSearch() {
  localStorage.setItem('attar-admin-locale', 'en');
  const applied = vi.fn();
  render(
    <I18nProvider>
      <ScreenOf applied={applied} />
    </I18nProvider>,
  );
  return { applied, box: screen.getByRole('searchbox', { name: en.search }) as HTMLInputElement };
}

const pause = () => act(() => new Promise((done) => setTimeout(done, TYPING_PAUSE_MS + 100)));

isolateScreenTests();

describe('a live search', () => {
  it('applies what was typed, trimmed, once the typing pauses, and nothing when it is what the address holds', async () => {
    const { applied, box } = openSearch();
    await userEvent.type(box, ' salma ');
    expect(applied).not.toHaveBeenCalled();
    await waitFor(() => expect(applied.mock.calls).toEqual([['salma']]));
    await userEvent.type(box, ' ');
    await pause();
    expect(applied.mock.calls).toEqual([['salma']]);
    await userEvent.clear(box);
    await waitFor(() => expect(applied.mock.calls).toEqual([['salma'], [undefined]]));
  });

  it('applies nothing once the reader has left the list while typing paused (a row clicked)', async () => {
    const { applied, box } = openSearch();
    const listPath = window.location.pathname;
    await userEvent.type(box, 'AT1000');
    window.history.pushState(null, '', '/admin/orders/12');
    try {
      await pause();
      expect(applied).not.toHaveBeenCalled();
    } finally {
      window.history.pushState(null, '', listPath);
    }
  });

  it('applies at once on Enter', async () => {
    const { applied, box } = openSearch();
    await userEvent.type(box, 'oud{Enter}');
    expect(applied.mock.calls).toEqual([['oud']]);
    await pause();
    expect(applied.mock.calls).toEqual([['oud']]);
  });

  it('shows what the address holds when it changes elsewhere, dropping what waited to apply', async () => {
    const { applied, box } = openSearch();
    await userEvent.type(box, 'sal');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(box.value).toBe('AT100012'));
    await pause();
    expect(applied).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('AT100012');
  });
});
