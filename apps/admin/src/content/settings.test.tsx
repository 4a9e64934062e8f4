/** The settings screen; its cash orders' confirmation part is tested with the rest of it in orders/cod-confirmation.test.tsx. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole, StaffSiteConfig } from '@attar/contract';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { EN, errorOf, findToast, itIsNotShownTo, LANGUAGES, writesOf } from '../test/screen-kit';
import { siteConfig } from '../test/site-config';

const PATH = '/api/staff/site-config/';

/**
 * The API as the screen sees it: the settings, saved as sent with the version one more, unless answers were handed to
 * `refuseNext` (they come first); and the calls it received.
 */
function fakeApi(role: StaffRole) {
  let config = siteConfig;
  const refusals: Response[] = [];
  const calls = standInApi(role, ({ method, url, body }) => {
    if (url.pathname !== PATH) return undefined;
    if (method === 'GET') return json(200, config);
    if (refusals.length > 0) return refusals.shift();
    config = { ...(body as StaffSiteConfig), version: config.version + 1 };
    return json(200, config);
  });
  return { calls, writes: () => writesOf(calls), refuseNext: (...answers: Response[]) => refusals.push(...answers) };
}

isolateScreenTests();

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the settings screen', () => {
  it.each(LANGUAGES)(
    'shows the settings, each typed in its own direction, and saves them on the version loaded ($locale)',
    async (language) => {
      const { locale, words } = language;
      const api = fakeApi('manager');
      openScreen(locale, '/admin/content/settings');
      expect(await screen.findByRole('heading', { level: 1, name: words.settingsTitle })).toBeTruthy();
      expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      for (const panel of [words.settingsOrders, words.settingsStore, words.settingsLinks, words.settingsSearches])
        expect(screen.getByRole('region', { name: panel })).toBeTruthy();
      expect(field(words.setting_free_shipping_after).value).toBe('1500');
      expect(field(words.setting_store_name_ar).value).toBe('عطّار');
      expect(field(words.setting_store_name_ar).getAttribute('dir')).toBe('rtl');
      expect(field(words.setting_phone).value).toBe('+201001234567');
      expect(field(words.setting_phone).getAttribute('dir')).toBe('ltr');

      const freeShipping = field(words.setting_free_shipping_after);
      await userEvent.clear(freeShipping);
      await userEvent.type(freeShipping, locale === 'ar' ? '٢٠٠٠' : '2000');
      await userEvent.clear(field(words.setting_store_name_en));
      await userEvent.type(field(words.setting_store_name_en), 'Attar Perfumes');
      await userEvent.click(screen.getByRole('button', { name: words.save }));
      expect(await findToast(words.settingsSaved)).toBeTruthy();
      expect(api.writes()).toEqual([
        expect.objectContaining({
          method: 'PUT',
          path: PATH,
          body: { ...siteConfig, free_shipping_after: 2000, store_name_en: 'Attar Perfumes', version: 3 },
          headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
        }),
      ]);
    },
  );

  it.each(LANGUAGES)('sets how long phone orders’ payment links pay, in whole hours up to a week ($locale)', async (language) => {
    const { locale, words } = language;
    const api = fakeApi('owner');
    openScreen(locale, '/admin/content/settings');
    const hours = await screen.findByLabelText(words.setting_payment_link_hours);
    expect(screen.getByRole('region', { name: words.settingsPaymentLinks })).toBeTruthy();
    expect((hours as HTMLInputElement).value).toBe('24');
    expect(hours.getAttribute('dir')).toBe('ltr');
    await userEvent.clear(hours);
    await userEvent.type(hours, '200');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(errorOf(hours)).toBe(words.content_hours));
    expect(api.writes()).toEqual([]);
    await userEvent.clear(hours);
    await userEvent.type(hours, locale === 'ar' ? '٤٨' : '48');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await findToast(words.settingsSaved)).toBeTruthy();
    expect(api.writes()).toEqual([expect.objectContaining({ body: { ...siteConfig, payment_link_hours: 48, version: 3 } })]);
  });

  it('checks the settings before sending, puts the API’s refusal under its field, and loads someone else’s save', async () => {
    const { words } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/content/settings');
    const phone = await screen.findByLabelText(words.setting_phone);
    await userEvent.clear(phone);
    await userEvent.type(phone, '0100 123');
    const save = screen.getByRole('button', { name: words.save });
    await userEvent.click(save);
    await waitFor(() => expect(errorOf(phone)).toBe(words.content_phone));
    expect(api.writes()).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+201009876543');
    api.refuseNext(
      json(400, { email: ['No mail is delivered to this address.'] }),
      json(409, {
        detail: 'Someone saved the settings first.',
        code: 'site_config_changed',
        site_config: { ...siteConfig, gift_wrap_fee: 30, version: 4 },
      }),
    );
    await userEvent.click(save);
    await waitFor(() => expect(errorOf(field(words.setting_email))).toBe('No mail is delivered to this address.'));
    await userEvent.click(save);
    expect(await screen.findByText(words.settingsChangedNotice)).toBeTruthy();
    expect(field(words.setting_gift_wrap_fee).value).toBe('30');
    expect(field(words.setting_phone).value).toBe('+201001234567');
    await userEvent.click(save);
    expect(await findToast(words.settingsSaved)).toBeTruthy();
    expect(api.writes().map((call) => (call.body as StaffSiteConfig).version)).toEqual([3, 3, 4]);
    expect(api.writes().map((call) => (call.body as StaffSiteConfig).phone)).toEqual(['+201009876543', '+201009876543', '+201001234567']);
  });

  itIsNotShownTo(['fulfilment', 'support'], '/admin/content/settings', (role) => fakeApi(role).calls, [PATH]);
});
