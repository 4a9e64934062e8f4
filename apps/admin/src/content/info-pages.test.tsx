import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INFO_PAGE_SLUGS, type StaffInfoPage, type StaffInfoPageSave, type StaffRole } from '@attar/contract';
import { formatDate } from '../lib/format';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, errorOf, findToast, itIsNotShownTo, itLoadsAgainOnTryAgain, LANGUAGES, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/pages/';
const AT = '2026-11-28T10:00:00Z';

const about: StaffInfoPage = {
  slug: 'about',
  title_en: 'About Attar',
  title_ar: 'عن عطّار',
  body_en: 'Attar began in Cairo.',
  body_ar: 'بدأ عطّار في القاهرة.',
  version: 4,
  updated_at: AT,
};

/**
 * The API as the screen sees it: the five pages (About as above), a save kept with the version one more unless answers
 * were handed to `refuseNext` (they come first); and the calls it received.
 */
function fakeApi(role: StaffRole) {
  let pages = INFO_PAGE_SLUGS.map((slug) => (slug === 'about' ? about : { ...about, slug, title_en: slug, title_ar: slug }));
  const refusals: Response[] = [];
  const calls = standInApi(role, ({ method, url, body }) => {
    if (url.pathname === PATH) return json(200, pages);
    const page = pages.find((each) => url.pathname === `${PATH}${each.slug}/`);
    if (!page) return undefined;
    if (method === 'GET') return json(200, page);
    if (refusals.length > 0) return refusals.shift();
    const saved = { ...page, ...(body as StaffInfoPageSave), version: page.version + 1 };
    pages = pages.map((each) => (each === page ? saved : each));
    return json(200, saved);
  });
  return { calls, writes: () => writesOf(calls), refuseNext: (...answers: Response[]) => refusals.push(...answers) };
}

isolateScreenTests();

const field = (label: string) => screen.getByLabelText(label) as HTMLTextAreaElement;

describe('the information pages', () => {
  it.each(LANGUAGES)('list the five pages with their titles and when each was saved ($locale)', async ({ locale, words }) => {
    fakeApi('manager');
    openScreen(locale, '/admin/content/pages');
    expect(await screen.findByRole('heading', { level: 1, name: words.pagesTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    const link = await screen.findByRole('link', { name: words.page_about });
    expect(link.getAttribute('href')).toBe('/admin/content/pages/about');
    expect(cellsOf(link.closest('tr')!)).toEqual([
      `${words.page_about}/about`,
      locale === 'ar' ? 'عن عطّار' : 'About Attar',
      formatDate(locale, AT),
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(1 + INFO_PAGE_SLUGS.length);
    expect(screen.getByRole('link', { name: words.page_contactUs })).toBeTruthy();
  });

  it.each(LANGUAGES)('edits a page beside its preview, each language in its direction, and saves it ($locale)', async (language) => {
    const { locale, words, say } = language;
    const api = fakeApi('owner');
    openScreen(locale, '/admin/content/pages/about');
    expect(await screen.findByRole('heading', { level: 1, name: words.page_about })).toBeTruthy();
    expect(screen.getByRole('link', { name: words.openOnShop }).getAttribute('href')).toBe(locale === 'ar' ? '/ar/about' : '/about');
    expect(field(words.pageBodyAr).getAttribute('dir')).toBe('rtl');
    expect(field(words.pageBodyEn).getAttribute('dir')).toBe('ltr');
    const previewAr = screen.getByTestId('preview-ar');
    expect(previewAr.getAttribute('dir')).toBe('rtl');
    expect(previewAr.textContent).toBe('بدأ عطّار في القاهرة.');

    await userEvent.type(field(words.pageBodyEn), '{Enter}{Enter}## Our story{Enter}{Enter}Every bottle is **checked**.');
    const previewEn = within(screen.getByRole('region', { name: say('previewIn', { language: words.languageName_en }) }));
    expect(previewEn.getByRole('heading', { name: 'Our story' }).tagName).toBe('H3');
    expect(previewEn.getByText('checked').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await findToast(say('pageSaved', { name: words.page_about }))).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `${PATH}about/`,
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
        body: {
          title_en: 'About Attar',
          title_ar: 'عن عطّار',
          body_en: 'Attar began in Cairo.\n\n## Our story\n\nEvery bottle is **checked**.',
          body_ar: 'بدأ عطّار في القاهرة.',
          version: 4,
        },
      }),
    ]);
  });

  it('checks a page before sending and loads someone else’s save made first', async () => {
    const { words, say } = EN;
    const api = fakeApi('manager');
    openScreen('en', '/admin/content/pages/about');
    const titleAr = (await screen.findByLabelText(words.pageTitleAr)) as HTMLInputElement;
    await userEvent.clear(titleAr);
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(errorOf(titleAr)).toBe(words.content_required));
    expect(api.writes()).toEqual([]);

    await userEvent.type(titleAr, 'من نحن');
    api.refuseNext(
      json(409, {
        detail: 'Someone saved this page first.',
        code: 'page_changed',
        page: { ...about, body_en: 'Their words.', version: 5 },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await screen.findByText(words.pageChangedNotice)).toBeTruthy();
    expect(field(words.pageBodyEn).value).toBe('Their words.');
    expect(screen.getByTestId('preview-en').textContent).toBe('Their words.');
    expect(titleAr.value).toBe('عن عطّار');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await findToast(say('pageSaved', { name: words.page_about }))).toBeTruthy();
    expect(api.writes().map((call) => (call.body as StaffInfoPageSave).version)).toEqual([4, 5]);
  });

  itLoadsAgainOnTryAgain('manager', '/admin/content/pages', PATH, [about], () => screen.findByRole('link', { name: AR.words.page_about }));

  itIsNotShownTo(['support', 'fulfilment'], '/admin/content/pages/about', (role) => fakeApi(role).calls, [PATH]);
});
