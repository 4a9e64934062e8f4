/**
 * The contact page in both languages: the shop's phone reads left to right with its + in front
 * (`+20 100 123 4567`), on the page and in the footer, and the e-mail address reads left to right on an Arabic page;
 * the WhatsApp line is a click-to-chat link.
 */
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { visit } from '../support/storefront';
import { API_URL } from '../support/urls';

for (const lang of ALL_LANGS) {
  test(`${lang.code}: the contact page and the footer show the phone and e-mail left to right`, async ({ page, request }) => {
    // The same markup on every screen.
    const config = (await (await request.get(`${API_URL}/api/siteconfigb/?lang=${lang.code}`)).json()) as {
      phone: string;
      email: string;
    };
    expect(config.phone).toBe('+201001234567');

    await visit(page, lang, '/contactUs');
    const main = page.getByRole('main');
    const call = main.getByRole('link', { name: lang.t('contact.call') });
    await expect(call).toHaveAttribute('href', 'tel:+201001234567');
    await expect(call.locator('[dir="ltr"]')).toHaveText('+20 100 123 4567');
    // The number sits where the page's lines start, under its title: the right edge in Arabic, the left in English.
    const title = (await call.getByText(lang.t('contact.call'), { exact: true }).boundingBox())!;
    const number = (await call.locator('[dir="ltr"]').boundingBox())!;
    const edge = (box: { x: number; width: number }) => (lang.code === 'ar' ? box.x + box.width : box.x);
    expect(Math.abs(edge(number) - edge(title))).toBeLessThan(2);
    await expect(main.getByRole('link', { name: lang.t('contact.write') }).locator('[dir="ltr"]')).toHaveText(config.email);
    await expect(page.getByRole('contentinfo').locator('a[href^="tel:"] bdi[dir="ltr"]')).toHaveText('+20 100 123 4567');
    // The WhatsApp line is a click-to-chat link.
    const chat = main.getByRole('link', { name: lang.t('contact.whatsapp', { phone: '+20 100 123 4567' }) });
    await expect(chat).toHaveAttribute('href', 'https://wa.me/201001234567');
    await expect(chat).toHaveAttribute('dir', 'ltr');
  });
}
