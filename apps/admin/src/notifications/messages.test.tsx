import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMessage, StaffRole } from '@attar/contract';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const deadSms: StaffMessage = {
  id: 7,
  order_id: 12,
  order_number: 'AT100012',
  product: null,
  channel: 'sms',
  recipient: '+201001112223',
  kind: 'order_status',
  status: 'shipped',
  event: null,
  state: 'dead',
  attempts: 8,
  last_error: 'SMS gateway answered 503',
  whatsapp_status: null,
  fell_back_at: null,
  created_at: '2026-11-27T09:30:00Z',
  next_attempt_at: '2026-11-27T12:00:00Z',
};
/** Sent by WhatsApp: one read, one never delivered, so its SMS went instead. */
const readWhatsapp: StaffMessage = {
  ...deadSms,
  id: 8,
  channel: 'whatsapp',
  state: 'sent',
  attempts: 1,
  last_error: null,
  whatsapp_status: 'read',
};
const fellBackWhatsapp: StaffMessage = { ...readWhatsapp, id: 9, whatsapp_status: 'sent', fell_back_at: '2026-11-27T09:41:00Z' };
/** A back-in-stock alert to a shopper who asked in English: no order, its product named in their language. */
const alertWhatsapp: StaffMessage = {
  ...fellBackWhatsapp,
  id: 10,
  order_id: null,
  order_number: null,
  product: { slug: 'oud-royal', name: 'Oud Royal' },
  kind: 'back_in_stock',
  status: null,
  state: 'dead',
  recipient: '+201001112224',
  last_error: 'WhatsApp answered 503',
};

/** The API as the screen sees it: the dead messages (until retried), and the calls it received. */
function fakeApi(role: StaffRole) {
  let dead = [deadSms, alertWhatsapp];
  const calls = standInApi(role, ({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/staff/messages/' && url.searchParams.get('state') === 'sent')
      return json(200, { count: 2, next: null, previous: null, results: [readWhatsapp, fellBackWhatsapp] });
    if (method === 'GET' && url.pathname === '/api/staff/messages/')
      return json(200, { count: dead.length, next: null, previous: null, results: dead });
    if (method === 'POST' && url.pathname === `/api/staff/messages/${deadSms.id}/retry/`) {
      dead = dead.filter((message) => message.id !== deadSms.id);
      return json(200, { ...deadSms, state: 'pending', attempts: 0 });
    }
  });
  return { calls, messageCalls: () => calls.filter((call) => call.path.startsWith('/api/staff/messages/')) };
}

isolateScreenTests();

describe('the failed messages screen', () => {
  it('lists a failed message and sends it again from the keyboard', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/messages');
    expect(await screen.findByRole('heading', { name: en.messagesTitle })).toBeTruthy();
    const row = (await screen.findAllByTestId('message-row'))[0]!;
    const order = within(row).getByRole('link', { name: 'AT100012' });
    expect(order.getAttribute('href')).toBe('/admin/orders/12');
    expect(within(row).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(row).getByText(en.messageChannel_sms)).toBeTruthy();
    expect(within(row).getByText(en.status_shipped)).toBeTruthy();
    expect(within(row).getByText('SMS gateway answered 503')).toBeTruthy();
    const badge = screen.getByRole('link', { name: new RegExp(en.navMessages) });
    expect(badge.textContent).toContain('2');

    const retry = within(row).getByRole('button', { name: 'Send again: order AT100012 to +201001112223' });
    retry.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toContain('The message to +201001112223 is queued again.');
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ path: '/api/staff/messages/7/retry/', headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }) });
  });

  it.each(['en', 'ar'] as const)('lists a failed back-in-stock alert without an order, its product named (%s)', async (locale) => {
    const words = locale === 'ar' ? ar : en;
    fakeApi('manager');
    openScreen(locale, '/admin/messages');
    const row = (await screen.findAllByTestId('message-row')).find((r) => r.textContent!.includes('+201001112224'))!;
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByText(words.messageNoOrder)).toBeTruthy();
    expect(row.textContent).toContain(words.messageAbout_backInStock.replace('{name}', 'Oud Royal'));
    expect(within(row).getByText('Oud Royal').closest('bdi')?.getAttribute('dir')).toBe('auto');
    expect(within(row).getByTestId('whatsapp-status').textContent).toContain(words.whatsappFellBackAlert.replace(' {date}', ''));
    const retry = words.retryAlertMessageOf.replace('{name}', 'Oud Royal').replace('{recipient}', '+201001112224');
    expect(within(row).getByRole('button', { name: retry })).toBeTruthy();
  });

  it('lets the keyboard skip the header and menu to the screen first', async () => {
    fakeApi('owner');
    openScreen('en', '/admin/messages');
    expect(await screen.findByRole('heading', { name: en.messagesTitle })).toBeTruthy();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: en.skipToContent });
    expect(document.activeElement).toBe(skip);
    const target = document.getElementById(skip.getAttribute('href')!.slice(1));
    expect(target).toBe(screen.getByRole('main'));
    expect(within(target!).getByRole('heading', { name: en.messagesTitle })).toBeTruthy();
  });

  it('reads right to left in Arabic, the phone number kept left to right', async () => {
    fakeApi('manager');
    openScreen('ar', '/admin/messages');
    expect(await screen.findByRole('heading', { name: ar.messagesTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const row = (await screen.findAllByTestId('message-row'))[0]!;
    expect(within(row).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(row).getByText(ar.messageChannel_sms)).toBeTruthy();
    expect(within(row).getByText('٨')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^أعد الإرسال/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.retryAllMessages })).toBeTruthy();
  });

  it('shows each sent WhatsApp message’s status, and when its SMS went instead', async () => {
    const api = fakeApi('manager');
    openScreen('en', '/admin/messages?state=sent');
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(en.messageChannel_whatsapp)).toBeTruthy();
    expect(within(rows[0]!).getByTestId('whatsapp-status').textContent).toBe(en.whatsappStatus_read);
    expect(within(rows[1]!).getByTestId('whatsapp-status').textContent).toContain(en.whatsappStatus_sent);
    expect(within(rows[1]!).getByTestId('whatsapp-status').textContent).toContain('Sent by SMS instead');
    expect(within(rows[0]!).getByText(en.messageState_sent)).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: en.messageState_sent }).getAttribute('aria-current')).toBe('page');
    expect(api.messageCalls().some((call) => call.path.includes('state=sent'))).toBe(true);
  });

  it('shows WhatsApp’s word in Arabic', async () => {
    fakeApi('owner');
    openScreen('ar', '/admin/messages?state=sent');
    const rows = await screen.findAllByTestId('message-row');
    expect(within(rows[0]!).getByText(ar.messageChannel_whatsapp)).toBeTruthy();
    expect(within(rows[0]!).getByTestId('whatsapp-status').textContent).toBe(ar.whatsappStatus_read);
    expect(within(rows[1]!).getByTestId('whatsapp-status').textContent).toContain('أُرسلت رسالة نصية بدلًا منها');
  });

  it('is neither linked nor loaded for a role that may not retry messages', async () => {
    const api = fakeApi('support');
    openScreen('en', '/admin/messages');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: new RegExp(en.navMessages) })).toBeNull();
    expect(api.messageCalls()).toEqual([]);
  });
});
