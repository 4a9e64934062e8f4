import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffCity, StaffCityInput, StaffDeliverySchedule, StaffRegion, StaffRole } from '@attar/contract';
import { formatDay } from '../lib/format';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, EN, errorOf, findToast, itIsNotShownTo, LANGUAGES, writesOf } from '../test/screen-kit';
import { writeDay } from '../lib/typed-dates';

const REGIONS = '/api/staff/regions/';
const SCHEDULE = '/api/staff/delivery-schedule/';

const nasrCity: StaffCity = { id: 11, region: 1, name_en: 'Nasr City', name_ar: 'مدينة نصر', addresses: 4 };
const maadi: StaffCity = { id: 12, region: 1, name_en: 'Maadi', name_ar: 'المعادي', addresses: 0 };
const cairo: StaffRegion = {
  id: 1,
  slug: 'cairo',
  name_en: 'Cairo',
  name_ar: 'القاهرة',
  fee: 50,
  min_days: 1,
  max_days: 2,
  cities: [nasrCity, maadi],
};
const alexandria: StaffRegion = {
  ...cairo,
  id: 2,
  slug: 'alexandria',
  name_en: 'Alexandria',
  name_ar: 'الإسكندرية',
  fee: 65.5,
  cities: [],
};

/**
 * The API as the screen sees it: Cairo with two cities and Alexandria with none, the calendar (Fridays off, one
 * holiday); writes saved, but a fee above 1,000 refused and Maadi, once an address names it, kept. And the calls.
 */
function fakeApi(role: StaffRole) {
  let regions = [cairo, alexandria];
  let schedule: StaffDeliverySchedule = { cutoff: '14:00', weekly_off: [5], holidays: ['2026-12-25'] };
  const calls = standInApi(role, ({ method, url, body }) => {
    const { pathname } = url;
    if (pathname === REGIONS) return json(200, regions);
    if (pathname === SCHEDULE) {
      if (method === 'PUT') schedule = body as StaffDeliverySchedule;
      return json(200, schedule);
    }
    if (method === 'PUT' && pathname === `${REGIONS}1/fee/`) {
      const { fee } = body as { fee: number };
      if (fee > 1000) return json(400, { fee: ['A fee above 1,000 LE is surely a typing slip.'] });
      regions = regions.map((region) => (region.id === 1 ? { ...region, fee } : region));
      return json(200, regions[0]);
    }
    if (method === 'POST' && pathname === `${REGIONS}1/cities/`) {
      const city: StaffCity = { id: 13, region: 1, addresses: 0, ...(body as StaffCityInput) };
      regions = regions.map((region) => (region.id === 1 ? { ...region, cities: [...region.cities, city] } : region));
      return json(201, city);
    }
    if (method === 'DELETE' && pathname === '/api/staff/cities/12/')
      return json(409, { detail: 'تستخدم ١ عناوين محفوظة هذه المدينة: غيّر اسمها بدلًا من حذفها.', code: 'city_in_use', addresses: 1 });
  });
  return { calls, writes: () => writesOf(calls) };
}

isolateScreenTests();

const regionRow = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;
const field = (where: HTMLElement, label: string) => within(where).getByLabelText(label) as HTMLInputElement;

describe('the delivery screen', () => {
  it.each(LANGUAGES)('shows each governorate’s fee, delivery time and cities, and saves a fee ($locale)', async (language) => {
    const { locale, words, say } = language;
    const api = fakeApi('manager');
    openScreen(locale, '/admin/content/delivery');
    expect(await screen.findByRole('heading', { level: 1, name: words.deliveryTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    const name = locale === 'ar' ? 'القاهرة' : 'Cairo';
    const row = await regionRow(name);
    const fee = field(row, say('feeOf', { name }));
    expect(fee.value).toBe('50');
    expect(field(row, say('minDaysOf', { name })).value).toBe('1');
    expect(field(row, say('maxDaysOf', { name })).value).toBe('2');
    expect(within(row).getByRole('button', { name: say('showCities', { count: 2 }) })).toBeTruthy();
    expect(
      field(
        await regionRow(locale === 'ar' ? 'الإسكندرية' : 'Alexandria'),
        say('feeOf', { name: locale === 'ar' ? 'الإسكندرية' : 'Alexandria' }),
      ).value,
    ).toBe('65.5');

    const calendar = await screen.findByRole('form', { name: words.scheduleTitle });
    expect(field(calendar, words.cutoffLabel).value).toBe('14:00');
    expect(field(calendar, words.weekday_5).checked).toBe(true);
    expect(within(calendar).getByText(formatDay(locale, '2026-12-25'))).toBeTruthy();

    await userEvent.clear(fee);
    await userEvent.type(fee, '60');
    await userEvent.click(within(row).getAllByRole('button', { name: words.save })[0]!);
    expect(await findToast(say('feeSaved', { name }))).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `${REGIONS}1/fee/`,
        body: { fee: 60 },
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
      }),
    ]);
  });

  it('checks a fee and a delivery time before sending, and shows a refused fee under its field', async () => {
    const { words, say } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/content/delivery');
    const row = await regionRow('Cairo');
    const fee = field(row, say('feeOf', { name: 'Cairo' }));
    const [saveFee, saveDays] = within(row).getAllByRole('button', { name: words.save });
    await userEvent.clear(fee);
    await userEvent.type(fee, 'fifty');
    await userEvent.click(saveFee!);
    expect(errorOf(fee)).toBe(words.content_amount);
    const fewest = field(row, say('minDaysOf', { name: 'Cairo' }));
    await userEvent.clear(fewest);
    await userEvent.type(fewest, '3');
    await userEvent.click(saveDays!);
    expect(errorOf(field(row, say('maxDaysOf', { name: 'Cairo' })))).toBe(words.content_most_days_below_fewest);
    expect(api.writes()).toEqual([]);

    await userEvent.clear(fee);
    await userEvent.type(fee, '5000');
    await userEvent.click(saveFee!);
    await waitFor(() => expect(errorOf(fee)).toBe('A fee above 1,000 LE is surely a typing slip.'));
    expect(api.writes().map((call) => call.body)).toEqual([{ fee: 5000 }]);
  });

  it('adds a city, keeps those that addresses use, and says why one could not be removed (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('manager');
    openScreen('ar', '/admin/content/delivery');
    await userEvent.click(within(await regionRow('القاهرة')).getByRole('button', { name: say('showCities', { count: 2 }) }));
    const cities = await screen.findByRole('region', { name: say('citiesOf', { name: 'القاهرة' }) });
    const nasr = within(cities).getByRole('form', { name: 'مدينة نصر' });
    expect(nasr.textContent).toContain(`${say('cityAddresses', { count: 4 })} · ${words.cityInUseHint}`);
    expect(within(nasr).queryByRole('button', { name: say('deleteNamed', { name: 'مدينة نصر' }) })).toBeNull();

    const maadiForm = within(cities).getByRole('form', { name: 'المعادي' });
    await userEvent.click(within(maadiForm).getByRole('button', { name: say('deleteNamed', { name: 'المعادي' }) }));
    expect((await within(maadiForm).findByRole('alert')).textContent).toBe('تستخدم ١ عناوين محفوظة هذه المدينة: غيّر اسمها بدلًا من حذفها.');

    const adding = within(cities).getByRole('form', { name: words.addCity });
    await userEvent.type(within(adding).getByLabelText(words.cityNameEn), 'Zamalek');
    await userEvent.type(within(adding).getByLabelText(words.cityNameAr), 'الزمالك');
    await userEvent.click(within(adding).getByRole('button', { name: words.addCity }));
    expect(await findToast(say('cityAdded', { name: 'الزمالك' }))).toBeTruthy();
    expect(await within(cities).findByRole('form', { name: 'الزمالك' })).toBeTruthy();
    expect((within(adding).getByLabelText(words.cityNameEn) as HTMLInputElement).value).toBe('');
    expect(api.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'DELETE', path: '/api/staff/cities/12/', body: undefined },
      { method: 'POST', path: `${REGIONS}1/cities/`, body: { name_en: 'Zamalek', name_ar: 'الزمالك' } },
    ]);
  });

  it.each(LANGUAGES)(
    'saves the calendar, keeping a weekday for deliveries, and says when no holiday is listed ($locale)',
    async (language) => {
      const { locale, words } = language;
      const api = fakeApi('manager');
      openScreen(locale, '/admin/content/delivery');
      const calendar = await screen.findByRole('form', { name: words.scheduleTitle });
      const save = within(calendar).getByRole('button', { name: words.scheduleSave }) as HTMLButtonElement;
      for (const day of [6, 0, 1, 2, 3, 4] as const) await userEvent.click(field(calendar, words[`weekday_${day}`]));
      expect(within(calendar).getByRole('alert').textContent).toBe(words.scheduleAllOff);
      expect(save.disabled).toBe(true);
      for (const day of [0, 1, 2, 3, 4] as const) await userEvent.click(field(calendar, words[`weekday_${day}`]));

      await userEvent.click(
        within(calendar).getByRole('button', { name: language.say('holidayRemove', { day: formatDay(locale, '2026-12-25') }) }),
      );
      expect(within(calendar).getByText(words.holidaysNone)).toBeTruthy();
      // The day first, in the screen's digits: "07/01/2027", "٠٧/٠١/٢٠٢٧".
      await userEvent.type(field(calendar, words.holidayNew), writeDay(locale, '2027-01-07'));
      await userEvent.click(within(calendar).getByRole('button', { name: words.holidayAdd }));
      expect(within(calendar).getByText(formatDay(locale, '2027-01-07'))).toBeTruthy();
      await userEvent.click(save);
      expect(await findToast(words.scheduleSaved)).toBeTruthy();
      expect(api.writes()).toEqual([
        expect.objectContaining({ method: 'PUT', path: SCHEDULE, body: { cutoff: '14:00', weekly_off: [5, 6], holidays: ['2027-01-07'] } }),
      ]);
    },
  );

  itIsNotShownTo(['support', 'fulfilment'], '/admin/content/delivery', (role) => fakeApi(role).calls, [REGIONS, SCHEDULE]);
});
