import { describe, expect, it } from 'vitest';
import { siteConfig as config } from '../test/site-config';
import { checkCity, checkFee, checkRegionDays, checkSettings, checkSlider, emptySliderForm, settingsToForm } from './content-form';

describe('the settings form', () => {
  it('reads amounts typed in either script into the request', () => {
    const checked = checkSettings({
      ...settingsToForm(config),
      free_shipping_after: '١٬٢٥٠٫٥',
      returns_window_days: '٣٠',
      search_retention_days: '١٨٠',
    });
    expect(checked.request).toMatchObject({
      free_shipping_after: 1250.5,
      returns_window_days: 30,
      search_retention_days: 180,
      point_value: 0.1,
      whatsapp_url: '',
    });
  });

  it('names each field’s problem with a message of the back office', () => {
    const checked = checkSettings({
      ...settingsToForm(config),
      free_shipping_after: '',
      point_value: '0',
      phone: '0100',
      facebook_url: 'facebook',
      search_retention_days: '0',
    });
    expect(checked.problems).toEqual([
      { path: 'free_shipping_after', message: 'content_amount' },
      { path: 'point_value', message: 'content_rate' },
      { path: 'search_retention_days', message: 'content_retention_days' },
      { path: 'phone', message: 'content_phone' },
      { path: 'facebook_url', message: 'content_web_address' },
    ]);
  });
});

describe('the slider form', () => {
  const slide = {
    ...emptySliderForm(),
    title_en: 'Oud',
    title_ar: 'عود',
    image_desktop: 'sliders/a.webp',
    image_mobile: 'sliders/b.webp',
    link: '/new',
  };

  it('sends its window on Cairo’s clock, and none when left empty', () => {
    expect(checkSlider({ ...slide, starts_at: '2026-07-15T14:30' }).request).toMatchObject({
      starts_at: '2026-07-15T14:30:00+03:00',
      ends_at: null,
    });
  });

  it('refuses an end before the start, a time that is not one, a missing picture and a link elsewhere', () => {
    expect(checkSlider({ ...slide, starts_at: '2026-07-15T14:30', ends_at: '2026-07-14T10:00' }).problems).toEqual([
      { path: 'ends_at', message: 'content_window' },
    ]);
    expect(checkSlider({ ...slide, starts_at: 'soon', image_mobile: '', link: 'javascript:alert(1)' }).problems).toEqual([
      { path: 'image_mobile', message: 'content_image' },
      { path: 'link', message: 'content_link' },
      { path: 'starts_at', message: 'content_date_time' },
    ]);
  });
});

describe('delivery', () => {
  it('reads a fee and refuses a negative one; a city needs both names', () => {
    expect(checkFee('62.5').request).toEqual({ fee: 62.5 });
    expect(checkFee('-3').problems).toEqual([{ path: 'fee', message: 'content_amount' }]);
    expect(checkRegionDays({ min_days: '1', max_days: '2' }).request).toEqual({ min_days: 1, max_days: 2 });
    expect(checkRegionDays({ min_days: '0', max_days: '0' }).request).toEqual({ min_days: 0, max_days: 0 });
    expect(checkRegionDays({ min_days: '3', max_days: '2' }).problems).toEqual([
      { path: 'max_days', message: 'content_most_days_below_fewest' },
    ]);
    expect(checkRegionDays({ min_days: '1.5', max_days: '31' }).problems.map((problem) => problem.path)).toEqual(['min_days', 'max_days']);
    expect(checkCity({ name_en: 'Zamalek', name_ar: ' ' }).problems).toEqual([{ path: 'name_ar', message: 'content_required' }]);
  });
});
