/**
 * The back office's content and settings (decision 0021), in both languages: a manager edits the returns page in the
 * screen's language (the preview, in the page's direction, shows the markup as it is typed) and the storefront's
 * /returns-policy shows it within seconds, with its heading, bold text and link, and hostile text as text; a manager
 * changes the free-shipping threshold and the storefront's cart counts towards the new figure.
 *
 * The steps run in order (serial mode) because they change what every page shows; what they change is put back
 * afterwards through the API, whatever happened.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { StaffInfoPage, StaffSiteConfig } from '@attar/contract';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { adminContext, adminText, signIn } from '../support/admin';
import { findProduct } from '../support/api';
import { randomClientAddress } from '../support/shoppers';
import { newStaffMember } from '../support/staff';
import { freeShippingBanner, priceText, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

type AdminKey = Parameters<typeof adminText>[1];
type Manager = Awaited<ReturnType<typeof newStaffMember>>;

/** The manager's own session on the API, to read what the journeys change and put it back. */
async function managerApi(manager: Manager) {
  const api: APIRequestContext = await playwrightRequest.newContext({
    baseURL: API_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomClientAddress() },
  });
  const session = await api.post('/api/staff/session/', { data: { email: manager.email, password: manager.password } });
  expect(session.ok(), await session.text()).toBe(true);
  const csrf = ((await session.json()) as { csrf_token: string }).csrf_token;
  const get = async <T>(path: string) => (await (await api.get(path)).json()) as T;
  const put = async (path: string, data: unknown) => {
    const response = await api.put(path, { headers: { 'x-csrf-token': csrf }, data });
    expect(response.ok(), await response.text()).toBe(true);
  };
  return { api, get, put };
}

test.describe('the back office’s content and settings', () => {
  test.describe.configure({ mode: 'serial' });
  // The staff journeys run once per language, on a desktop screen.

  const stamp = Date.now().toString(36);
  let manager: Manager;
  let restore: Awaited<ReturnType<typeof managerApi>>;
  let returnsPage: StaffInfoPage;
  let settings: StaffSiteConfig;

  test.beforeAll(async () => {
    manager = await newStaffMember('manager', `E2E Content ${stamp}`);
    restore = await managerApi(manager);
    returnsPage = await restore.get<StaffInfoPage>('/api/staff/pages/returns-policy/');
    settings = await restore.get<StaffSiteConfig>('/api/staff/site-config/');
  });
  test.afterAll(async () => {
    // Put back what the journeys changed, on whatever version they left.
    const page = await restore.get<StaffInfoPage>('/api/staff/pages/returns-policy/');
    await restore.put('/api/staff/pages/returns-policy/', { ...returnsPage, version: page.version });
    const now = await restore.get<StaffSiteConfig>('/api/staff/site-config/');
    await restore.put('/api/staff/site-config/', { ...settings, version: now.version });
    await restore.api.dispose();
  });

  /** The manager's back office in `lang`, signed in. */
  async function backOffice(browser: import('@playwright/test').Browser, lang: Lang) {
    const context = await adminContext(browser, lang);
    const admin = await context.newPage();
    await signIn(admin, lang, manager);
    const text = (key: AdminKey, values: Record<string, string | number> = {}) => adminText(lang, key, values);
    const toast = (key: AdminKey, values: Record<string, string | number> = {}) =>
      admin.getByRole('status').filter({ hasText: text(key, values) });
    return { context, admin, text, toast };
  }

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a manager edits the returns page in ${lang.code}; /${lang.code}/returns-policy shows it at once`, async ({
      browser,
      page,
    }) => {
      const { context, admin, text, toast } = await backOffice(browser, lang);
      try {
        // The page as the storefront showed it before the edit: what a cache would answer with afterwards.
        await visit(page, lang, '/returns-policy');
        await expect(page.getByRole('main')).toBeVisible();
        await admin.getByRole('link', { name: text('navPages'), exact: true }).click();
        await admin.getByRole('link', { name: text('page_returns-policy'), exact: true }).click();
        const body = admin.getByLabel(text(lang.code === 'ar' ? 'pageBodyAr' : 'pageBodyEn'), { exact: true });
        await expect(body).toHaveAttribute('dir', lang.dir);
        const words =
          lang.code === 'ar'
            ? { heading: `مواعيد الاسترجاع ${stamp}`, bold: 'خلال ١٤ يومًا', link: 'تواصل معنا' }
            : { heading: `Return hours ${stamp}`, bold: 'within 14 days', link: 'Contact us' };
        const hostile = '<script>window.__hacked = true</script> [click](javascript:window.__hacked=true)';
        await body.fill(
          `${await body.inputValue()}\n\n## ${words.heading}\n\n- **${words.bold}** [${words.link}](/contactUs)\n\n${hostile}`,
        );

        // The preview reads in the page's direction and shows the markup as elements at once.
        const preview = admin.getByTestId(`preview-${lang.code}`);
        await expect(preview).toHaveAttribute('dir', lang.dir);
        await expect(preview.getByRole('heading', { name: words.heading })).toBeVisible();
        await expect(preview.locator('strong')).toHaveText(words.bold);
        // A javascript: link is refused by name before anything is saved.
        await admin.getByRole('button', { name: text('save'), exact: true }).click();
        await expect(admin.getByRole('alert').filter({ hasText: 'javascript:window.__hacked=true' })).toBeVisible();
        await body.fill((await body.inputValue()).replace(' [click](javascript:window.__hacked=true)', ''));
        await admin.getByRole('button', { name: text('save'), exact: true }).click();
        await expect(toast('pageSaved', { name: text('page_returns-policy') })).toBeVisible();

        // The storefront shows it on the first view after the save, without a rebuild or a second look.
        const main = page.getByRole('main');
        await visit(page, lang, '/returns-policy');
        await expect(main.getByRole('heading', { level: 2, name: words.heading })).toBeVisible({ timeout: 1_000 });
        await expect(main.locator('li strong')).toHaveText(words.bold);
        await expect(main.getByRole('link', { name: words.link, exact: true })).toHaveAttribute('href', lang.path('/contactUs'));
        // Hostile markup is text on the page, never a script.
        await expect(main.getByText('<script>window.__hacked = true</script>', { exact: true })).toBeVisible();
        expect(await page.evaluate(() => (window as { __hacked?: boolean }).__hacked)).toBeUndefined();
        await expect(main.locator('script')).toHaveCount(0);
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a manager changes the free-shipping threshold; the storefront's cart counts towards the new figure`, async ({
      browser,
      page,
      catalogue,
    }) => {
      const product = findProduct(catalogue, 'an available product', (each) => each.availability === 'available');
      // 123.45 LE short of free shipping with one of the product in the cart.
      const threshold = Math.round((product.price + 123.45) * 100) / 100;
      const { context, admin, text, toast } = await backOffice(browser, lang);
      try {
        await admin.getByRole('link', { name: text('navSettings'), exact: true }).click();
        const field = admin.getByLabel(text('setting_free_shipping_after'), { exact: true });
        await field.fill('-1');
        await admin.getByRole('button', { name: text('save'), exact: true }).click();
        await expect(admin.getByRole('alert').filter({ hasText: text('content_amount') })).toBeVisible();
        await field.fill(String(threshold));
        await admin.getByRole('button', { name: text('save'), exact: true }).click();
        await expect(toast('settingsSaved')).toBeVisible();
      } finally {
        await context.close();
      }

      await page.addInitScript((line) => window.localStorage.setItem('products', line), JSON.stringify([{ id: product.id, quantity: 1 }]));
      const remaining = page.getByText(lang.t('cart.freeShippingRemaining', { amount: priceText(lang, 123.45) }), { exact: true });
      await expect(async () => {
        await visit(page, lang, '/bag');
        await expect(remaining).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(freeShippingBanner(page, lang)).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(lang.t('header.ordersAbove', { amount: priceText(lang, threshold) }));
    });
  }
});
