import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPromotion, StaffPromotionSave, StaffRole } from '@attar/contract';
import { catalogueLists, oudRoyalRow } from '../test/catalogue';
import { ramadan15 } from '../test/promotions';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, EN, errorOf, findToast, itIsNotShownTo, LANGUAGES, pageOf, thingsById, writesOf } from '../test/screen-kit';
import { writeDayTime } from '../lib/typed-dates';

const PATH = '/api/staff/promotions/';

/** A code as the API saves a request: categories and products named, the version one more. */
function saved(before: StaffPromotion, body: StaffPromotionSave, id = before.id): StaffPromotion {
  const named = <T extends { id: number }>(ids: number[], all: T[]) => all.filter((each) => ids.includes(each.id));
  const { version: _version, categories, products, ...fields } = body;
  return {
    ...before,
    ...fields,
    id,
    categories: named(categories, catalogueLists.categories),
    products: named(products, [oudRoyalRow]),
    version: before.version + 1,
  };
}

/**
 * The API as the screen sees it: RAMADAN15 (and the code created, 9), the categories and Oud Royal to limit a code to,
 * and the calls it received; a write is answered by `refuseNext` first when it holds answers.
 */
function fakeApi(role: StaffRole) {
  const codes = thingsById(PATH, [ramadan15], (code, body, action): StaffPromotion => {
    if (code === null) return saved({ ...ramadan15, version: 0 }, { ...(body as StaffPromotionSave), version: 0 }, 9);
    if (action === 'deactivate') return { ...code, is_active: false, is_popup: false, state: 'inactive', version: code.version + 1 };
    return saved(code, body as StaffPromotionSave);
  });
  const calls = standInApi(role, (call) => {
    if (call.url.pathname === '/api/staff/catalogue/categories/') return json(200, catalogueLists.categories);
    if (call.url.pathname === '/api/staff/products/') return json(200, pageOf([oudRoyalRow]));
    return codes.answer(call);
  });
  return { calls, writes: () => writesOf(calls), refuseNext: codes.refuseNext };
}

isolateScreenTests();

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('a promotion code’s editor', () => {
  it.each(LANGUAGES)('shows the code with its usage and saves a changed discount on the version loaded ($locale)', async (language) => {
    const { locale, words, say } = language;
    const api = fakeApi('manager');
    openScreen(locale, '/admin/promotions/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'RAMADAN15' })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    const usage = screen.getByTestId('promotion-usage');
    expect(usage.textContent).toBe(
      locale === 'ar'
        ? `${words.columnUsed}١٬٢٣٤${words.columnDiscountGiven}٥٦٬٧٨٩٫٥٠ ج.م.${words.columnRevenue}٢٥٠٬٠٠٠٫٠٠ ج.م.`
        : `${words.columnUsed}1,234${words.columnDiscountGiven}56,789.50 LE${words.columnRevenue}250,000.00 LE`,
    );
    expect(field(words.promotionCode).value).toBe('RAMADAN15');
    expect(field(words.promotionStartsAt).value).toBe(writeDayTime(locale, '2026-11-01T10:00'));
    expect(checkbox(locale === 'ar' ? 'رجالي' : 'Men').checked).toBe(true);
    const products = screen.getByRole('list', { name: words.restrictProducts });
    expect(within(products).getByText(locale === 'ar' ? 'عود ملكي' : 'Oud Royal')).toBeTruthy();

    const percent = field(words.percentDiscount);
    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await findToast(say('promotionSaved', { code: 'RAMADAN15' }))).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `${PATH}3/`,
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
        body: {
          code: 'RAMADAN15',
          discount_kind: 'percent',
          percent_discount: 20,
          amount_off: null,
          min_order: 500,
          starts_at: '2026-11-01T10:00:00+02:00',
          ends_at: '2026-12-01T10:00:00+02:00',
          is_active: true,
          first_order_only: false,
          max_uses: 100,
          per_customer_limit: 1,
          categories: [1],
          products: [7],
          version: 2,
        },
      }),
    ]);
  });

  it('loads someone else’s save made first, then turns the code off on their version', async () => {
    const { words, say } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/promotions/3');
    const percent = await screen.findByLabelText(words.percentDiscount);
    api.refuseNext(
      json(409, {
        detail: 'Someone saved this code first.',
        code: 'promotion_changed',
        promotion: { ...ramadan15, percent_discount: 25, version: 3 },
      }),
    );
    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    const turnOff = screen.getByRole('button', { name: words.turnOffNow }) as HTMLButtonElement;
    // It acts on the saved code: not while the form holds changes.
    expect(turnOff.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await screen.findByText(words.promotionChangedNotice)).toBeTruthy();
    expect(field(words.percentDiscount).value).toBe('25');

    await waitFor(() => expect(turnOff.disabled).toBe(false));
    await userEvent.click(turnOff);
    expect(await findToast(say('promotionDeactivated', { code: 'RAMADAN15' }))).toBeTruthy();
    expect(await screen.findByText(words.promoState_inactive)).toBeTruthy();
    expect(screen.queryByRole('button', { name: words.turnOffNow })).toBeNull();
    expect(api.writes().map(({ method, path, body }) => ({ method, path, version: (body as { version: number }).version }))).toEqual([
      { method: 'PUT', path: `${PATH}3/`, version: 2 },
      { method: 'POST', path: `${PATH}3/deactivate/`, version: 3 },
    ]);
  });

  it('checks a new code before sending, shows a code taken under its field, then creates it (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('manager');
    openScreen('ar', '/admin/promotions/new');
    expect(await screen.findByRole('heading', { level: 1, name: words.newPromotion })).toBeTruthy();
    const create = screen.getByRole('button', { name: words.createPromotion });
    const code = field(words.promotionCode);
    await userEvent.type(code, 'E!');
    const starts = field(words.promotionStartsAt);
    await userEvent.clear(starts);
    // Typed as an Arabic keyboard types them: the day first, in Arabic digits.
    await userEvent.type(starts, '١٠/١٢/٢٠٢٦ ٠٠:٠٠');
    await userEvent.type(field(words.promotionEndsAt), '١/١٢/٢٠٢٦ ٠:٠٠');
    await userEvent.click(create);
    await waitFor(() => expect(errorOf(code)).toBe(words.errorPromotionCode));
    expect(errorOf(field(words.percentDiscount))).toBe(words.errorPercent);
    expect(api.writes()).toEqual([]);

    await userEvent.clear(code);
    await userEvent.type(code, 'EID10');
    await userEvent.type(field(words.percentDiscount), '١٠');
    await userEvent.click(create);
    await waitFor(() => expect(errorOf(field(words.promotionEndsAt))).toBe(words.errorWindowEnd));
    expect(api.writes()).toEqual([]);
    await userEvent.clear(starts);
    await userEvent.type(starts, '2026-11-25T00:00');
    await userEvent.click(checkbox('نسائي'));
    await userEvent.type(field(words.findRestrictedProduct), 'عود');
    await userEvent.click(await screen.findByRole('button', { name: say('addNamed', { name: 'عود ملكي' }) }));
    expect(within(screen.getByRole('list', { name: words.restrictProducts })).getByText('عود ملكي')).toBeTruthy();

    api.refuseNext(json(400, { code: ['يوجد عرض ترويجي آخر بهذا الكود.'] }));
    await userEvent.click(create);
    await waitFor(() => expect(errorOf(code)).toBe('يوجد عرض ترويجي آخر بهذا الكود.'));
    await userEvent.clear(code);
    await userEvent.type(code, 'EID11');
    await userEvent.click(create);
    expect(await findToast(say('promotionCreated', { code: 'EID11' }))).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'EID11' })).toBeTruthy();
    expect(api.writes().map((call) => call.body)).toEqual([
      expect.objectContaining({ code: 'EID10' }),
      {
        code: 'EID11',
        discount_kind: 'percent',
        percent_discount: 10,
        amount_off: null,
        min_order: 0,
        starts_at: '2026-11-25T00:00:00+02:00',
        ends_at: '2026-12-01T00:00:00+02:00',
        is_active: true,
        first_order_only: false,
        max_uses: null,
        per_customer_limit: null,
        categories: [2],
        products: [7],
      },
    ]);
  });

  itIsNotShownTo(['support', 'fulfilment'], '/admin/promotions/3', (role) => fakeApi(role).calls, [PATH, '/api/staff/catalogue/']);
});
