import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole, StaffSession, StaffSynonym } from '@attar/contract';
import { ToastProvider } from '../components/toasts';
import { I18nProvider } from '../lib/i18n';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { router } from '../router';

const CSRF = 'csrf-of-this-session';
const PATH = '/api/staff/search/synonyms/';
const AT = '2026-11-28T10:00:00Z';

const session = (role: StaffRole): StaffSession => ({
  staff: { id: 1, email: 'owner@attar.test', name: 'Nadia', role, totp_enabled: true, is_active: true, created_at: '2026-11-01T10:00:00Z' },
  csrf_token: CSRF,
  expires_at: '2026-11-28T22:00:00Z',
  idle_minutes: 30,
  must_enrol_totp: false,
});

/** The API as the screen sees it: the session, the entries (as the API normalises them), and the calls it received. */
function fakeApi(role: StaffRole) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  let entries: StaffSynonym[] = [{ id: 1, kind: 'replacement', word: 'بارفان', replacement: ['عطر'], updated_at: AT }];
  let nextId = 2;
  const json = (status: number, body: unknown) =>
    new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://admin.test');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ method, path: url.pathname, body, headers: init.headers as Record<string, string> });
    if (url.pathname === '/api/staff/session/') return json(200, session(role));
    if (method === 'GET' && url.pathname === PATH) return json(200, entries);
    if (method === 'POST' && url.pathname === PATH) {
      if (body.words.includes('oud')) return json(400, { words: ['“oud” is already in another synonym entry.'] });
      const created: StaffSynonym = {
        id: nextId++,
        kind: 'group',
        words: body.words.map((word: string) => word.toLowerCase()),
        updated_at: AT,
      };
      entries = [...entries, created];
      return json(201, created);
    }
    const id = Number(url.pathname.slice(PATH.length).replace('/', ''));
    if (method === 'PUT') {
      const changed: StaffSynonym = { id, kind: 'replacement', word: body.word, replacement: body.replacement, updated_at: AT };
      entries = entries.map((entry) => (entry.id === id ? changed : entry));
      return json(200, changed);
    }
    if (method === 'DELETE') {
      entries = entries.filter((entry) => entry.id !== id);
      return json(204, null);
    }
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, synonymCalls: () => calls.filter((call) => call.path.startsWith(PATH)) };
}

/** The back office at /admin/catalogue/synonyms, in `locale`. */
function openScreen(locale: 'en' | 'ar') {
  localStorage.setItem('attar-admin-locale', locale);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: ['/admin/catalogue/synonyms'] });
  const screenRouter = createRouter({ routeTree: router.routeTree, basepath: '/admin', history });
  render(
    <I18nProvider>
      <QueryClientProvider client={queries}>
        <ToastProvider>
          <RouterProvider router={screenRouter} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  // jsdom does not scroll: the router restores the scroll position on each navigation.
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the synonyms screen', () => {
  it('checks the words before sending and shows the API’s refusal under the field', async () => {
    const api = fakeApi('manager');
    openScreen('en');
    expect(await screen.findByRole('heading', { name: en.synonymsTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.navSynonyms })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: en.addSynonymGroup }));
    const words = screen.getByLabelText(en.synonymWords);
    await userEvent.type(words, 'scent');
    await userEvent.click(screen.getByRole('button', { name: en.create }));
    expect(await screen.findByText(en.errorSynonymWords)).toBeTruthy();
    expect(api.synonymCalls().some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(words, ', oud');
    await userEvent.click(screen.getByRole('button', { name: en.create }));
    expect(await screen.findByText('“oud” is already in another synonym entry.')).toBeTruthy();
  });

  it('adds a group of English and Arabic words, separated by either comma', async () => {
    const api = fakeApi('owner');
    openScreen('en');
    await userEvent.click(await screen.findByRole('button', { name: en.addSynonymGroup }));
    await userEvent.type(screen.getByLabelText(en.synonymWords), 'Scent, perfume، عطر');
    await userEvent.click(screen.getByRole('button', { name: en.create }));
    expect(await screen.findByRole('button', { name: 'Edit scent, perfume, عطر' })).toBeTruthy();
    expect(api.synonymCalls().find((call) => call.method === 'POST')).toMatchObject({
      body: { kind: 'group', words: ['Scent', 'perfume', 'عطر'] },
      headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
    });
    expect(screen.getByRole('status').textContent).toContain('Saved: scent, perfume, عطر.');
  });

  it('edits a replacement and deletes it', async () => {
    const api = fakeApi('manager');
    openScreen('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit بارفان → عطر' }));
    const readAs = screen.getByLabelText(en.columnReadAs);
    expect((readAs as HTMLInputElement).value).toBe('عطر');
    await userEvent.type(readAs, '  فرنسي');
    await userEvent.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByRole('button', { name: 'Edit بارفان → عطر فرنسي' })).toBeTruthy();
    expect(api.synonymCalls().find((call) => call.method === 'PUT')).toMatchObject({
      path: `${PATH}1/`,
      body: { kind: 'replacement', word: 'بارفان', replacement: ['عطر', 'فرنسي'] },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete بارفان → عطر فرنسي' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: en.deleteLabel }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete بارفان → عطر فرنسي' })).toBeNull());
    expect(api.synonymCalls().find((call) => call.method === 'DELETE')?.path).toBe(`${PATH}1/`);
  });

  it('reads right to left in Arabic, each word isolated', async () => {
    fakeApi('owner');
    openScreen('ar');
    expect(await screen.findByRole('heading', { name: ar.synonymsTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const row = (await screen.findAllByTestId('synonym-row'))[0]!;
    expect(within(row).getByText('بارفان').tagName).toBe('BDI');
    expect(within(row).getByRole('button', { name: 'تعديل بارفان ← عطر' })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.addSynonymGroup })).toBeTruthy();
  });

  it('is neither linked nor loaded for a role that may not edit the catalogue', async () => {
    const api = fakeApi('support');
    openScreen('en');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navSynonyms })).toBeNull();
    expect(api.synonymCalls()).toEqual([]);
  });
});
