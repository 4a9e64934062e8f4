/**
 * Order messages that could not be sent, in both languages: a manager sees the count in the menu, opens "Messages that
 * failed", finds a shopper's SMS about their order that failed at every attempt, and sends it again from the keyboard.
 *
 * The API's embedded database belongs to the API process (it locks it while it runs), and a message takes hours of
 * back-off to fail for good, so the dead message is added to the API's real answers at the browser's network edge, for
 * an order really placed; the API's own rules (roles, CSRF, states, the audit) are tested in
 * apps/api/src/messages/staff.test.ts.
 */
import type { Request } from '@playwright/test';
import type { Paginated, StaffMessage } from '@attar/contract';
import { adminContext, adminNumber, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { placeCashOrder } from '../support/shoppers';
import { newStaffMember } from '../support/staff';

const PHONE = '+201001112223';

test.describe('messages that failed, in the back office', () => {
  // Taken at a desk: run once per language, on a desktop screen.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a manager sends a failed order SMS again`, async ({ browser, request }) => {
      const text = (key: Parameters<typeof adminText>[1], values: Record<string, string | number> = {}) => adminText(lang, key, values);
      const { order } = await placeCashOrder(request, { name: `Message Reader ${lang.code}`, street: '3 Post Street' });
      const dead: StaffMessage = {
        id: 2_000_000_000 + order.id,
        order_id: order.id,
        order_number: order.order_number,
        product: null,
        channel: 'sms',
        recipient: PHONE,
        kind: 'order_status',
        status: 'placed',
        event: null,
        state: 'dead',
        attempts: 8,
        last_error: 'SMS gateway answered 503',
        whatsapp_status: null,
        fell_back_at: null,
        created_at: new Date().toISOString(),
        next_attempt_at: new Date().toISOString(),
      };

      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      let retry: Request | undefined;
      await admin.route(
        (url) => url.pathname.startsWith('/api/staff/messages/'),
        async (route) => {
          const call = route.request();
          if (call.method() === 'POST') {
            expect(new URL(call.url()).pathname).toBe(`/api/staff/messages/${dead.id}/retry/`);
            retry = call;
            return route.fulfill({ json: { ...dead, state: 'pending', attempts: 0 } });
          }
          const response = await route.fetch();
          expect(response.status(), await response.text()).toBe(200);
          const page = (await response.json()) as Paginated<StaffMessage>;
          const added = retry || new URL(call.url()).searchParams.get('state') === 'pending' ? [] : [dead];
          return route.fulfill({ response, json: { ...page, count: page.count + added.length, results: [...added, ...page.results] } });
        },
      );

      await signIn(admin, lang, await newStaffMember('manager', `Messages Manager ${lang.code}`));
      const menuItem = admin.getByRole('link', { name: text('navMessages') });
      await expect(menuItem).toContainText(adminNumber(lang, 1));
      await menuItem.click();
      await expect(admin.getByRole('heading', { level: 1, name: text('messagesTitle') })).toBeVisible();
      await expect(admin.locator('html')).toHaveAttribute('dir', lang.dir);

      const row = admin.getByTestId('message-row').filter({ hasText: order.order_number });
      await expect(row.getByRole('link', { name: order.order_number })).toHaveAttribute('href', `/admin/orders/${order.id}`);
      await expect(row.locator('bdi[dir="ltr"]', { hasText: PHONE })).toBeVisible();
      await expect(row).toContainText(text('messageChannel_sms'));
      await expect(row).toContainText(text('status_placed'));
      await expect(row).toContainText(adminNumber(lang, 8));
      await expect(row).toContainText('SMS gateway answered 503');

      const send = row.getByRole('button', { name: text('retryMessageOf', { number: order.order_number, recipient: PHONE }) });
      await send.focus();
      await admin.keyboard.press('Enter');
      await expect(admin.getByRole('status').filter({ hasText: PHONE })).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(admin.getByText(text('noDeadMessages'))).toBeVisible();
      expect(retry?.headers()['x-csrf-token']).toBeTruthy();
      await staff.close();
    });
  }
});
