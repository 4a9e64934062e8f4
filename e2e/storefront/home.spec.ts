/** The home page's slider: present, and right-to-left in Arabic. */
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { expectDocumentLanguage, visit } from '../support/storefront';

/** Where a slide starts on screen, in CSS pixels from the viewport's left-hand edge. */
async function left(slide: Locator): Promise<number> {
  const box = await slide.boundingBox();
  if (!box) throw new Error('The slide is not rendered');
  return box.x;
}

for (const lang of ALL_LANGS) {
  test(`${lang.code}: the home slider shows the slides and runs ${lang.dir}`, { tag: '@every-screen' }, async ({ page, catalogue }) => {
    const slides = catalogue.sliders;
    expect(slides.length, 'the seed has at least two slides').toBeGreaterThan(1);

    await visit(page, lang, '/');
    const slider = page.getByRole('region', { name: lang.t('home.slider') });
    await expect(slider).toBeVisible();
    const items = slider.getByRole('listitem');
    await expect(items).toHaveCount(slides.length);
    await expect(items.first()).toBeVisible();

    // The first slide sits at the reading start: before the second in English reading order, after it on screen in Arabic.
    const [first, second] = [await left(items.nth(0)), await left(items.nth(1))];
    expect(lang.dir === 'rtl' ? first > second : first < second).toBe(true);

    // Moving on brings later slides in from the reading end: they travel towards the start edge in both languages, which is leftwards in English and rightwards in Arabic.
    const lastBefore = await left(items.last());
    await slider.getByRole('button', { name: lang.t('home.nextSlide') }).click();
    await expect.poll(async () => Math.sign((await left(items.last())) - lastBefore)).toBe(lang.dir === 'rtl' ? 1 : -1);
    await expect(slider.getByRole('button', { name: lang.t('home.goToSlide', { index: lang.number(2) }) })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test(`${lang.code}: a slide links to a page in the same language`, async ({ page, catalogue }) => {
    const firstSlide = catalogue.sliders[0];
    if (!firstSlide) throw new Error('The seed has no slides');

    await visit(page, lang, '/');
    const slider = page.getByRole('region', { name: lang.t('home.slider') });
    await slider.getByRole('listitem').first().getByRole('link').click();

    await expect.poll(() => new URL(page.url()).pathname).toBe(lang.path(firstSlide.link.split('?')[0] ?? '/'));
    await expectDocumentLanguage(page, lang);
  });
}
