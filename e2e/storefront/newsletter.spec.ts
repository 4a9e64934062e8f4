/** The footer's newsletter form. */
import { expect } from '../support/fixtures';
// Guests' alerts and sign-ups count per address (a busy one is asked for a proof of work): each test has its own.
import { testFromOwnAddress as test } from '../support/own-address';
import { ALL_LANGS } from '../support/locales';
import { toast, visit } from '../support/storefront';

const NEWSLETTER_CALL = /\/api\/news-letter\/?$/;

for (const lang of ALL_LANGS) {
  test(`${lang.code}: the newsletter ignores an empty e-mail and thanks a new subscriber`, async ({ page }, testInfo) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && NEWSLETTER_CALL.test(new URL(request.url()).pathname)) calls.push(request.postData() ?? '');
    });
    const email = `e2e-${lang.code}-${testInfo.project.name}-${Date.now()}@example.com`;

    await visit(page, lang, '/fragrances');
    const footer = page.getByRole('contentinfo');
    const field = footer.getByRole('textbox', { name: lang.t('footer.emailLabel') });
    const subscribe = footer.getByRole('button', { name: lang.t('footer.subscribe') });
    const thanks = toast(page, 'success', `${lang.t('footer.subscribed')} ${lang.t('footer.confirmationSent')}`);

    // Empty: nothing is sent and nothing is shown.
    await subscribe.click();
    await field.fill(email);
    await subscribe.click();

    await expect(thanks).toHaveCount(1);
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    expect(calls.map((body) => JSON.parse(body))).toEqual([{ email }]);
    await expect(field).toHaveValue('');
  });
}
