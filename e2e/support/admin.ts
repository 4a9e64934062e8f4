/** The back office in the browser: its texts in either language, a context that opens it in one, and signing in. */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addCatalogue, translator } from '../../apps/admin/src/lib/translate';
import { ar } from '../../apps/admin/src/messages/ar';
import { en, type MessageKey } from '../../apps/admin/src/messages/en';
import { expect } from './fixtures';
import type { Lang } from './locales';
import { randomClientAddress } from './shoppers';
import { demoOwner } from './staff';
import { ADMIN_URL } from './urls';

addCatalogue('en', en);
addCatalogue('ar', ar);

/** A back-office text as the back office says it (a number of things given as a number: `count`). */
export function adminText(lang: Lang, key: MessageKey, values: Record<string, string | number> = {}): string {
  const translate: (key: MessageKey, values: Record<string, string | number>) => string = translator(lang.code);
  return translate(key, values);
}

/** A browser context whose back office opens in `lang` (the language is remembered in local storage). */
export async function adminContext(browser: Browser, lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((code) => window.localStorage.setItem('attar-admin-locale', code), lang.code);
  return context;
}

/**
 * Signs in through the sign-in page. Each signing-in browser names a client address of its own (the API believes this
 * machine's X-Forwarded-For), so the run's many staff sign-ins never add up to the per-address limit (30 in 15 minutes).
 */
export async function signIn(page: Page, lang: Lang, who: { email: string; password: string }, code?: () => string) {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': randomClientAddress() });
  await page.goto(`${ADMIN_URL}/sign-in`);
  await expect(page.locator('html')).toHaveAttribute('dir', lang.dir);
  await page.getByLabel(adminText(lang, 'email')).fill(who.email);
  await page.getByLabel(adminText(lang, 'password'), { exact: true }).fill(who.password);
  await page.getByRole('button', { name: adminText(lang, 'signIn') }).click();
  if (code) {
    const field = page.getByLabel(adminText(lang, 'totpCode'));
    await field.fill(code());
    await page.getByRole('button', { name: adminText(lang, 'signIn') }).click();
  }
  await expect(page.getByRole('heading', { name: adminText(lang, 'ordersTitle'), level: 1 })).toBeVisible();
}

/**
 * An order's page in the back office, signed in as the demo owner in `lang`, with its "Edit order" dialog open: the
 * context (to close), the page, the dialog and the summary the API previews in it.
 */
export async function openOrderEdit(browser: Browser, lang: Lang, order: { id: number; order_number: string }) {
  const staff = await adminContext(browser, lang);
  const page = await staff.newPage();
  await signIn(page, lang, demoOwner());
  await page.goto(`${ADMIN_URL}/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order.order_number);
  await page.getByRole('button', { name: adminText(lang, 'editOrder') }).click();
  const dialog = page.getByRole('dialog', { name: adminText(lang, 'editOrderTitle', { number: order.order_number }) });
  return { staff, page, dialog, summary: dialog.getByRole('region', { name: adminText(lang, 'editSummary') }) };
}

/** How the back office writes numbers and amounts in a language (apps/admin/src/lib/format.ts). */
export const adminNumber = (lang: Lang, value: number) =>
  new Intl.NumberFormat(`${lang.code}-EG`, { maximumFractionDigits: 2 }).format(value);
export const adminMoney = (lang: Lang, pounds: number) =>
  `${new Intl.NumberFormat(`${lang.code}-EG`, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(pounds)} ${lang.code === 'ar' ? 'ج.م.' : 'LE'}`;
