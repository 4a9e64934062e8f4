import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMessage, StaffRole, StaffSession } from '@attar/contract';
import { ToastProvider } from '../components/toasts';
import { I18nProvider } from '../lib/i18n';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { router } from '../router';

const CSRF = 'csrf-of-this-session';

const session = (role: StaffRole): StaffSession => ({
  staff: { id: 1, email: 'owner@attar.test', name: 'Nadia', role, totp_enabled: true, is_active: true, created_at: '2026-11-01T10:00:00Z' },
  csrf_token: CSRF,
  expires_at: '2026-11-28T22:00:00Z',
  idle_minutes: 30,
  must_enrol_totp: false,
});

const deadSms: StaffMessage = {
  id: 7,
  order_id: 12,
  order_number: 'AT100012',
  channel: 'sms',
  recipient: '+201001112223',
  kind: 'order_status',
  status: 'shipped',
  event: null,
  state: 'dead',
  attempts: 8,
  last_error: 'SMS gateway answered 503',
  created_at: '2026-11-27T09:30:00Z',
  next_attempt_at: '2026-11-27T12:00:00Z',
};

/** The API as the screen sees it: the session, the dead messages (until retried), and the calls it received. */
function fakeApi(role: StaffRole) {
  const calls: { method: string; path: string; headers: Record<string, string> }[] = [];
  let dead = [deadSms];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://admin.test');
    const method = init.method ?? 'GET';
    calls.push({ method, path: url.pathname + url.search, headers: init.headers as Record<string, string> });
    if (url.pathname === '/api/staff/session/') return json(200, session(role));
    if (method === 'GET' && url.pathname === '/api/staff/messages/')
      return json(200, { count: dead.length, next: null, previous: null, results: dead });
    if (method === 'POST' && url.pathname === `/api/staff/messages/${deadSms.id}/retry/`) {
      dead = [];
      return json(200, { ...deadSms, state: 'pending', attempts: 0 });
    }
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, messageCalls: () => calls.filter((call) => call.path.startsWith('/api/staff/messages/')) };
}

/** The back office at /admin/messages, in `locale`. */
function openScreen(locale: 'en' | 'ar') {
  localStorage.setItem('attar-admin-locale', locale);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: ['/admin/messages'] });
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

describe('the failed messages screen', () => {
  it('lists a failed message and sends it again from the keyboard', async () => {
    const api = fakeApi('owner');
    openScreen('en');
    expect(await screen.findByRole('heading', { name: en.messagesTitle })).toBeTruthy();
    const row = (await screen.findAllByTestId('message-row'))[0]!;
    const order = within(row).getByRole('link', { name: 'AT100012' });
    expect(order.getAttribute('href')).toBe('/admin/orders/12');
    expect(within(row).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(row).getByText(en.messageChannel_sms)).toBeTruthy();
    expect(within(row).getByText(en.status_shipped)).toBeTruthy();
    expect(within(row).getByText('SMS gateway answered 503')).toBeTruthy();
    const badge = screen.getByRole('link', { name: new RegExp(en.navMessages) });
    expect(badge.textContent).toContain('1');

    const retry = within(row).getByRole('button', { name: 'Send again: order AT100012 to +201001112223' });
    retry.focus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText(en.noDeadMessages)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('The message to +201001112223 is queued again.');
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ path: '/api/staff/messages/7/retry/', headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }) });
  });

  it('reads right to left in Arabic, the phone number kept left to right', async () => {
    fakeApi('manager');
    openScreen('ar');
    expect(await screen.findByRole('heading', { name: ar.messagesTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const row = (await screen.findAllByTestId('message-row'))[0]!;
    expect(within(row).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(row).getByText(ar.messageChannel_sms)).toBeTruthy();
    expect(within(row).getByText('٨')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^أعد الإرسال/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.retryAllMessages })).toBeTruthy();
  });

  it('is neither linked nor loaded for a role that may not retry messages', async () => {
    const api = fakeApi('support');
    openScreen('en');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: new RegExp(en.navMessages) })).toBeNull();
    expect(api.messageCalls()).toEqual([]);
  });
});
