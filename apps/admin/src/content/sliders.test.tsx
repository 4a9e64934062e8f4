import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MediaUpload, StaffRole, StaffSlider, StaffSliderInput } from '@attar/contract';
import { formatDate } from '../lib/format';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, errorOf, findToast, itIsNotShownTo, itLoadsAgainOnTryAgain, LANGUAGES, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/sliders/';
const MEDIA = 'https://media.attar.test/';

/** A slider's two pictures in the media store, and their addresses. */
const pictures = (name: string) => ({
  image_desktop: `sliders/${name}-wide.webp`,
  image_mobile: `sliders/${name}-phone.webp`,
  image_desktop_url: `${MEDIA}sliders/${name}-wide.webp`,
  image_mobile_url: `${MEDIA}sliders/${name}-phone.webp`,
});

const oudWeek: StaffSlider = {
  id: 1,
  position: 0,
  title_en: 'Oud week',
  title_ar: 'أسبوع العود',
  subtitle_en: '',
  subtitle_ar: '',
  ...pictures('oud'),
  alt_en: '',
  alt_ar: '',
  link: '/offers',
  is_active: true,
  starts_at: null,
  ends_at: '2026-12-01T08:00:00Z',
  state: 'showing',
};
const giftSets: StaffSlider = {
  ...oudWeek,
  id: 2,
  position: 1,
  title_en: 'Gift sets',
  title_ar: 'هدايا',
  ...pictures('gifts'),
  link: 'https://attar.example/gifts',
  is_active: false,
  starts_at: '2026-12-05T08:00:00Z',
  ends_at: null,
  state: 'inactive',
};

/** A slider as the API saves a request: its pictures' addresses, and whether it shows (on: showing). */
const saved = (id: number, position: number, input: StaffSliderInput): StaffSlider => ({
  ...input,
  id,
  position,
  image_desktop_url: `${MEDIA}${input.image_desktop}`,
  image_mobile_url: `${MEDIA}${input.image_mobile}`,
  state: input.is_active ? 'showing' : 'inactive',
});

/**
 * The API as the screen sees it: the sliders (`list`), the pictures they use, an upload; writes saved, but Oud week's
 * deletion refused (someone deleted it first) and a link to `/new` refused. And the calls it received.
 */
function fakeApi(role: StaffRole, list: StaffSlider[] = [oudWeek, giftSets]) {
  let sliders = list;
  const calls = standInApi(role, ({ method, url, body }) => {
    const { pathname } = url;
    if (pathname === PATH && method === 'GET') return json(200, sliders);
    if (pathname === `${PATH}images/`)
      return json(
        200,
        [oudWeek, giftSets].map((slider) => ({ path: slider.image_mobile, url: slider.image_mobile_url })),
      );
    if (pathname === '/api/staff/media/') {
      const upload: MediaUpload = {
        id: 5,
        purpose: 'slider_desktop',
        src: 'sliders/new-wide.webp',
        url: `${MEDIA}sliders/new-wide.webp`,
        width: 2400,
        height: 900,
        bytes: 120_000,
      };
      return json(201, upload);
    }
    if (pathname === `${PATH}order/`) {
      const { ids } = body as { ids: number[] };
      sliders = ids.map((id, position) => ({ ...sliders.find((slider) => slider.id === id)!, position }));
      return json(200, sliders);
    }
    if (method === 'POST' && pathname === PATH) {
      const input = body as StaffSliderInput;
      if (input.link === '/new') return json(400, { link: ['No page of the shop has this address.'] });
      const created = saved(3, sliders.length, input);
      sliders = [...sliders, created];
      return json(201, created);
    }
    const id = Number(pathname.slice(PATH.length).replace('/', ''));
    const slider = sliders.find((each) => each.id === id);
    if (!slider) return undefined;
    if (method === 'DELETE' && id === oudWeek.id) return json(404, { detail: 'لم يعد هذا الشريط موجودًا.', code: 'not_found' });
    if (method === 'DELETE') {
      sliders = sliders.filter((each) => each !== slider);
      return json(204, null);
    }
    const next =
      method === 'PATCH'
        ? saved(id, slider.position, { ...slider, ...(body as { is_active: boolean }) })
        : saved(id, slider.position, body as StaffSliderInput);
    sliders = sliders.map((each) => (each.id === id ? next : each));
    return json(200, next);
  });
  return { calls, writes: () => writesOf(calls) };
}

isolateScreenTests();

const rows = () => screen.findAllByTestId('slider-row');
const rowOf = async (title: string) => (await screen.findByRole('link', { name: title })).closest('tr')!;
const field = (label: string, where: HTMLElement = document.body) => within(where).getByLabelText(label) as HTMLInputElement;

describe('the home sliders', () => {
  it.each(LANGUAGES)(
    'list the sliders in the storefront’s order with whether each shows, and move one down ($locale)',
    async (language) => {
      const { locale, words, say } = language;
      const api = fakeApi('manager');
      openScreen(locale, '/admin/content/sliders');
      expect(await screen.findByRole('heading', { level: 1, name: words.slidersTitle })).toBeTruthy();
      expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const [oud, gifts] = (await rows()).map(cellsOf);
      const [oudTitle, giftsTitle] = locale === 'ar' ? ['أسبوع العود', 'هدايا'] : ['Oud week', 'Gift sets'];
      expect(oud!.slice(1, 3)).toEqual([
        `${oudTitle}/offers`,
        `${words.sliderState_showing}${say('sliderWindowUntil', { date: formatDate(locale, oudWeek.ends_at!) })}`,
      ]);
      expect(gifts!.slice(1, 3)).toEqual([
        `${giftsTitle}https://attar.example/gifts`,
        `${words.sliderState_inactive}${say('sliderWindowFrom', { date: formatDate(locale, giftSets.starts_at!) })}`,
      ]);
      expect((screen.getByRole('button', { name: say('moveUpNamed', { name: oudTitle }) }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: say('moveDownNamed', { name: giftsTitle }) }) as HTMLButtonElement).disabled).toBe(true);

      await userEvent.click(screen.getByRole('button', { name: say('moveDownNamed', { name: oudTitle }) }));
      expect(await findToast(words.sliderOrderSaved)).toBeTruthy();
      await waitFor(async () =>
        expect((await rows()).map((row) => within(row).getByRole('link').textContent)).toEqual([giftsTitle, oudTitle]),
      );
      expect(api.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: `${PATH}order/`,
          body: { ids: [2, 1] },
          headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
        }),
      ]);
    },
  );

  it('switches a slider on, deletes one after asking, and says in the question why another could not be deleted (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('owner');
    openScreen('ar', '/admin/content/sliders');
    await userEvent.click(within(await rowOf('هدايا')).getByRole('button', { name: words.switchOn }));
    expect(await findToast(say('sliderSaved', { name: 'هدايا' }))).toBeTruthy();
    expect(await within(await rowOf('هدايا')).findByRole('button', { name: words.switchOff })).toBeTruthy();

    await userEvent.click(within(await rowOf('أسبوع العود')).getByRole('button', { name: say('deleteNamed', { name: 'أسبوع العود' }) }));
    let dialog = await screen.findByRole('dialog', { name: say('deleteSliderTitle', { name: 'أسبوع العود' }) });
    expect(within(dialog).getByText(words.deleteSliderHint)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: words.deleteLabel }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('لم يعد هذا الشريط موجودًا.');
    await userEvent.click(within(dialog).getByRole('button', { name: words.keepAsIs }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(await rowOf('هدايا')).getByRole('button', { name: say('deleteNamed', { name: 'هدايا' }) }));
    dialog = await screen.findByRole('dialog', { name: say('deleteSliderTitle', { name: 'هدايا' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: words.deleteLabel }));
    expect(await findToast(say('sliderDeleted', { name: 'هدايا' }))).toBeTruthy();
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(api.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: `${PATH}2/`, body: { is_active: true } },
      { method: 'DELETE', path: `${PATH}1/`, body: undefined },
      { method: 'DELETE', path: `${PATH}2/`, body: undefined },
    ]);
  });

  it.each(LANGUAGES)('says when there are no sliders yet ($locale)', async ({ locale, words }) => {
    fakeApi('manager', []);
    openScreen(locale, '/admin/content/sliders');
    expect(await screen.findByText(words.noSliders)).toBeTruthy();
    expect(screen.getByRole('link', { name: words.newSlider }).getAttribute('href')).toBe('/admin/content/sliders/new');
  });

  itLoadsAgainOnTryAgain('manager', '/admin/content/sliders', PATH, [oudWeek], async () => expect(await rows()).toHaveLength(1));

  it('checks a new slider before sending, takes an uploaded picture and one in use, and shows a refused link under it', async () => {
    const { words, say } = EN;
    const api = fakeApi('manager');
    openScreen('en', '/admin/content/sliders/new');
    expect(await screen.findByRole('heading', { level: 1, name: words.newSlider })).toBeTruthy();
    const wide = screen.getByRole('group', { name: words.imageDesktop });
    const phone = screen.getByRole('group', { name: words.imageMobile });
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(errorOf(field(words.titleEn))).toBe(words.content_required));
    expect(errorOf(field(words.pickExisting, wide))).toBe(words.content_image);
    expect(errorOf(field(words.pickExisting, phone))).toBe(words.content_image);
    expect(api.writes()).toEqual([]);

    await userEvent.type(field(words.titleEn), 'New arrivals');
    await userEvent.type(field(words.titleAr), 'وصل حديثًا');
    await userEvent.upload(field(words.uploadPicture, wide), new File(['picture'], 'wide.png', { type: 'image/png' }));
    await waitFor(() => expect(field(words.pickExisting, wide).value).toBe('sliders/new-wide.webp'));
    expect(within(wide).getByRole('presentation').getAttribute('src')).toBe(`${MEDIA}sliders/new-wide.webp`);
    await userEvent.selectOptions(await within(phone).findByLabelText(words.pickExisting), 'sliders/oud-phone.webp');
    const link = field(words.sliderLink);
    await userEvent.clear(link);
    await userEvent.type(link, '/new');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(errorOf(link)).toBe('No page of the shop has this address.'));

    await userEvent.clear(link);
    await userEvent.type(link, '/offers');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await findToast(say('sliderCreated', { name: 'New arrivals' }))).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: say('editSliderTitle', { title: 'New arrivals' }) })).toBeTruthy();
    const created = api.writes().filter((call) => call.path === PATH);
    expect(created.map((call) => call.body)).toEqual([
      expect.objectContaining({ link: '/new' }),
      {
        title_en: 'New arrivals',
        title_ar: 'وصل حديثًا',
        subtitle_en: '',
        subtitle_ar: '',
        image_desktop: 'sliders/new-wide.webp',
        image_mobile: 'sliders/oud-phone.webp',
        alt_en: '',
        alt_ar: '',
        link: '/offers',
        is_active: true,
        starts_at: null,
        ends_at: null,
      },
    ]);
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: '/api/staff/media/?purpose=slider_desktop' });
  });

  it('edits a slider, its window on Cairo’s clock (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('manager');
    openScreen('ar', '/admin/content/sliders/1');
    expect(await screen.findByRole('heading', { level: 1, name: say('editSliderTitle', { title: 'أسبوع العود' }) })).toBeTruthy();
    expect(field(words.sliderEndsAt).value).toBe('٠١\u200F/١٢\u200F/٢٠٢٦ ١٠:٠٠');
    expect(field(words.pickExisting, screen.getByRole('group', { name: words.imageDesktop })).value).toBe('sliders/oud-wide.webp');
    const title = field(words.titleAr);
    await userEvent.clear(title);
    await userEvent.type(title, 'أسبوع العود الكبير');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await findToast(say('sliderSaved', { name: 'أسبوع العود الكبير' }))).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `${PATH}1/`,
        body: expect.objectContaining({
          title_ar: 'أسبوع العود الكبير',
          image_desktop: 'sliders/oud-wide.webp',
          ends_at: '2026-12-01T10:00:00+02:00',
        }),
      }),
    ]);
  });

  itIsNotShownTo(['fulfilment', 'support'], '/admin/content/sliders', (role) => fakeApi(role).calls, [PATH]);
});
