/** The promotion popup: once per browser session, closed by 'Continue shopping', never on order results. */
import type { Page } from '@playwright/test';
import { expect, setCountryCookie, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { currentPath, settle, visit } from '../support/storefront';
import { STOREFRONT_URL } from '../support/urls';

test.use({ promoPopup: true });

const PROMOTION_CALL = /\/api\/promotion-data\/?$/;

function popup(page: Page, lang: Lang) {
  return page.getByRole('dialog', { name: lang.t('promo.title') });
}

/** Counts the page's promotion look-ups, so "not shown" can also mean "not even asked for". */
function countPromotionCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (PROMOTION_CALL.test(new URL(request.url()).pathname)) calls += 1;
  });
  return () => calls;
}

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    test('the popup shows the promotion once per session and closing it drops the query', async ({ page, catalogue }) => {
      const promotion = catalogue.promotion;
      if (!('code' in promotion)) throw new Error('The seed has no popup promotion');
      const promotionCalls = countPromotionCalls(page);

      await visit(page, lang, '/fragrances?category_slug=eau-de-parfum');
      const dialog = popup(page, lang);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        // The percentage in the language's digits, as every number on the page.
        lang.t('promo.text', { code: promotion.code, percent_discount: lang.number(promotion.percent_discount) }),
      );

      // Closing must not reload the page: a marker set on this window survives.
      await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
      await dialog.getByRole('button', { name: lang.t('promo.continue') }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/fragrances'));
      expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true);

      // Navigating and reloading in the same session: no popup, no second look-up.
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: lang.t('nav.new'), exact: true })
        .click();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/new'));
      await page.reload();
      await settle(page);
      await expect(popup(page, lang)).toBeHidden();
      expect(promotionCalls()).toBe(1);
    });

    test('a new browser session shows the popup again', async ({ page, browser }) => {
      await visit(page, lang, '/');
      await expect(popup(page, lang)).toBeVisible();
      await popup(page, lang)
        .getByRole('button', { name: lang.t('promo.continue') })
        .click();
      await expect(popup(page, lang)).toBeHidden();

      const otherSession = await browser.newContext({ baseURL: STOREFRONT_URL });
      await setCountryCookie(otherSession, 'Egypt');
      try {
        const otherPage = await otherSession.newPage();
        await visit(otherPage, lang, '/');
        await expect(popup(otherPage, lang)).toBeVisible();
      } finally {
        await otherSession.close();
      }
    });

    test('an order-result page (order_id in the query) never shows the popup', async ({ page }) => {
      const promotionCalls = countPromotionCalls(page);

      await visit(page, lang, '/fragrances?order_id=1042');
      await settle(page);
      await expect(popup(page, lang)).toBeHidden();
      expect(promotionCalls()).toBe(0);

      // The same session still gets it on an ordinary page: the order page skipped it, not the session.
      await visit(page, lang, '/fragrances');
      await expect(popup(page, lang)).toBeVisible();
    });
  });
}
