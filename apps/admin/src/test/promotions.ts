/** Promotion codes as the API answers them in tests: what the promotions' screens start from. */
import type { StaffPromotion } from '@attar/contract';

/** 15% off from 500 LE, on men's perfumes and Oud Royal, in November, much used. */
export const ramadan15: StaffPromotion = {
  id: 3,
  code: 'RAMADAN15',
  discount_kind: 'percent',
  percent_discount: 15,
  amount_off: null,
  min_order: 500,
  starts_at: '2026-11-01T08:00:00Z',
  ends_at: '2026-12-01T08:00:00Z',
  is_active: true,
  is_popup: false,
  first_order_only: false,
  max_uses: 100,
  per_customer_limit: 1,
  categories: [{ id: 1, name_en: 'Men', name_ar: 'رجالي' }],
  products: [{ id: 7, name_en: 'Oud Royal', name_ar: 'عود ملكي' }],
  state: 'active',
  usage: { orders: 1234, discount_given: 56789.5, revenue: 250000 },
  version: 2,
  created_at: '2026-10-20T08:00:00Z',
};

/** 100 LE off a first order, on everything, with no end, in the storefront's popup, not used yet. */
export const welcome100: StaffPromotion = {
  ...ramadan15,
  id: 4,
  code: 'WELCOME100',
  discount_kind: 'amount',
  percent_discount: null,
  amount_off: 100,
  min_order: 0,
  ends_at: null,
  is_popup: true,
  first_order_only: true,
  max_uses: null,
  per_customer_limit: null,
  categories: [],
  products: [],
  usage: { orders: 0, discount_given: 0, revenue: 0 },
};

/** A code whose window has ended. */
export const eid10: StaffPromotion = { ...ramadan15, id: 5, code: 'EID10', percent_discount: 10, state: 'expired' };
