/**
 * Shoppers behind one public address (decision 0033): once the address is busy, a guest's checkout code needs the
 * shop's own proof-of-work check, solved in the browser with no third party, and the guest still places a cash order.
 * Both languages.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { findProduct } from '../support/api';
import { expect } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { testFromOwnAddress as test } from '../support/own-address';
import { codeSentTo, randomMobile } from '../support/shoppers';
import { checkoutSummary, visit } from '../support/storefront';
import { API_URL, STOREFRONT_URL } from '../support/urls';

type Place = { id: number; name: string };

/** Asks checkout codes for strangers' numbers from `address` until the API asks that address for a proof. */
async function makeBusy(request: APIRequestContext, address: string): Promise<void> {
  for (let sent = 0; sent < 30; sent += 1) {
    const answer = await request.post(`${API_URL}/api/otp_guest_promocode/`, {
      headers: { 'X-Forwarded-For': address },
      data: { phone: randomMobile() },
    });
    if (answer.status() === 428) {
      expect(await answer.json()).toMatchObject({ code: 'challenge_required' });
      return;
    }
    expect(answer.status(), await answer.text()).toBe(200);
  }
  throw new Error('The address never became busy');
}

async function fillGuest(page: Page, request: APIRequestContext, lang: Lang, phone: string): Promise<void> {
  const regions = (await (await request.get(`${API_URL}/api/region/?lang=${lang.code}`)).json()) as Place[];
  const cities = (await (await request.get(`${API_URL}/api/city/?region=${regions[0]!.id}&lang=${lang.code}`)).json()) as Place[];
  const main = page.getByRole('main');
  const field = (key: string) => main.getByLabel(lang.t(key), { exact: true });
  await field('account.fields.name').fill(lang.code === 'ar' ? 'هالة سمير' : 'Hala Samir');
  await field('account.fields.phone').fill(phone);
  await field('account.fields.region').selectOption({ label: regions[0]!.name });
  await expect(field('account.fields.city')).toBeEnabled();
  await field('account.fields.city').selectOption({ label: cities[0]!.name });
  await field('account.fields.street').fill(lang.code === 'ar' ? '٤ شارع النيل' : '4 Nile Street');
}

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test('a guest behind a busy address solves the check, gets the code and places a cash order', async ({
      page,
      request,
      catalogue,
      clientAddress,
    }) => {
      // Making the address busy, solving the check and placing the order: more than one page's worth of steps.
      test.setTimeout(60_000);
      const outside: string[] = [];
      page.on('request', (sent) => {
        // The widget's workers come from its own code (blob:), pictures may be data: URLs: only network requests count.
        const { protocol, hostname } = new URL(sent.url());
        if (protocol.startsWith('http') && !['127.0.0.1', 'localhost'].includes(hostname)) outside.push(sent.url());
      });
      await makeBusy(request, clientAddress);
      const product = findProduct(catalogue, 'an available perfume with stock', (p) => p.availability === 'available' && p.stock >= 20);
      await page.addInitScript((id) => {
        if (!window.localStorage.getItem('products')) window.localStorage.setItem('products', JSON.stringify([{ id, quantity: 1 }]));
      }, product.id);
      const phone = randomMobile();

      await visit(page, lang, '/checkout');
      await fillGuest(page, request, lang, phone);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: lang.t('checkout.sendCode') }).click();

      // The API's reason in the page's language, and the shop's own check in a dialog.
      const check = page.getByRole('dialog', { name: lang.t('challenge.title') });
      await expect(check).toBeVisible();
      await expect(check).toContainText(lang.code === 'ar' ? 'شبكتك' : 'your network');
      await expect(check.getByRole('checkbox', { name: lang.t('challenge.widget.label') })).not.toBeChecked();
      await check.getByText(lang.t('challenge.widget.label'), { exact: true }).click();
      await expect(check).toBeHidden({ timeout: 20_000 });

      const code = await codeSentTo(`+20${phone.slice(1)}`);
      await main.getByLabel(lang.t('account.fields.code'), { exact: true }).fill(code);
      await page.getByRole('radio', { name: lang.t('checkout.methods.cod') }).focus();
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio', { name: lang.t('checkout.methods.cod') })).toBeChecked();
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('order_id')).toMatch(/^AT\d+$/);
      expect(page.url().startsWith(STOREFRONT_URL)).toBe(true);
      // The check is the shop's own: the page asked nothing of any other server.
      expect(outside).toEqual([]);
    });
  });
}
