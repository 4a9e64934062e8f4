import { describe, expect, it } from 'vitest';
import { StaffPromotion } from '@attar/contract';
import { checkPromotionForm, emptyPromotionForm, promotionFieldOf, promotionToForm, type PromotionForm } from './promotion-form';

/** 100 LE off deodorants from 300 LE, from 1 July 2026 at 10:00 Cairo time (summer time: +03:00). */
const form = (overrides: Partial<PromotionForm> = {}): PromotionForm => ({
  ...emptyPromotionForm(),
  code: 'deo100',
  discount_kind: 'amount',
  amount_off: '١٠٠',
  min_order: '300',
  starts_at: '2026-07-01T10:00',
  categories: [4],
  ...overrides,
});

const problems = (overrides: Partial<PromotionForm>) => checkPromotionForm(form(overrides)).problems;

describe('the promotion form', () => {
  it('becomes the request: amounts in pounds (Arabic digits read), Cairo times with their offset, empty limits as none', () => {
    expect(checkPromotionForm(form())).toEqual({
      request: {
        code: 'deo100',
        discount_kind: 'amount',
        percent_discount: null,
        amount_off: 100,
        min_order: 300,
        starts_at: '2026-07-01T10:00:00+03:00',
        ends_at: null,
        is_active: true,
        first_order_only: false,
        max_uses: null,
        per_customer_limit: null,
        categories: [4],
        products: [],
      },
      problems: [],
    });
  });

  it('names each problem under its field, in the screen’s own words', () => {
    expect(problems({ discount_kind: 'percent', percent_discount: '101' })).toEqual([
      { path: 'percent_discount', message: 'errorPercent' },
    ]);
    expect(problems({ amount_off: '-5' })).toEqual([{ path: 'amount_off', message: 'errorAmountOff' }]);
    expect(problems({ code: 'a b' })).toEqual([{ path: 'code', message: 'errorPromotionCode' }]);
    expect(problems({ max_uses: '0' })).toEqual([{ path: 'max_uses', message: 'errorLimit' }]);
    expect(problems({ ends_at: '2026-07-01T09:00' })).toEqual([{ path: 'ends_at', message: 'errorWindowEnd' }]);
    expect(problems({ starts_at: '' })).toEqual([{ path: 'starts_at', message: 'errorDateTime' }]);
  });

  it('shows a saved code as it was saved, and places the API’s field errors under their fields', () => {
    const saved = StaffPromotion.parse({
      id: 3,
      code: 'DEO100',
      discount_kind: 'amount',
      percent_discount: null,
      amount_off: 100,
      min_order: 300,
      starts_at: '2026-07-01T07:00:00+00:00',
      ends_at: '2026-08-01T07:00:00+00:00',
      is_active: true,
      is_popup: false,
      first_order_only: true,
      max_uses: 50,
      per_customer_limit: null,
      categories: [{ id: 4, name_en: 'Deodorants', name_ar: 'مزيلات العرق' }],
      products: [{ id: 9, name_en: 'Oud', name_ar: 'عود' }],
      state: 'active',
      usage: { orders: 2, discount_given: 200, revenue: 900 },
      version: 4,
      created_at: '2026-06-01T07:00:00+00:00',
    });
    expect(promotionToForm(saved)).toMatchObject({
      code: 'DEO100',
      amount_off: '100',
      percent_discount: '',
      starts_at: '2026-07-01T10:00',
      ends_at: '2026-08-01T10:00',
      max_uses: '50',
      per_customer_limit: '',
      categories: [4],
      products: [{ id: 9, name_en: 'Oud', name_ar: 'عود' }],
    });
    expect(checkPromotionForm(promotionToForm(saved)).request).toMatchObject({ code: 'DEO100', products: [9], max_uses: 50 });
    expect(promotionFieldOf('code')).toBe('code');
    expect(promotionFieldOf('non_field_errors')).toBeNull();
  });
});
