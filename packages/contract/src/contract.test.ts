import { describe, expect, it } from 'vitest';
import {
  analyticsEvent,
  analyticsValue,
  clampQuantity,
  egyptianMobileToE164,
  maxQuantity,
  sharePoints,
  PromotionData,
  ProductListQuery,
  CheckIpRequest,
} from './index';

describe('Egyptian mobile numbers', () => {
  it('reads every way people write one as E.164, Arabic digits included', () => {
    for (const written of ['01001234567', '+201001234567', '00201001234567', '010 0123-4567', '٠١٠٠١٢٣٤٥٦٧', '۰۱۰۰۱۲۳۴۵۶۷'])
      expect(egyptianMobileToE164(written), written).toBe('+201001234567');
  });
  it('refuses landlines and other countries', () => {
    for (const written of ['0223456789', '+441001234567', '0131234567']) expect(egyptianMobileToE164(written), written).toBeNull();
  });
});

describe('sharePoints', () => {
  it('shares an order’s points among its lines by what each costs, adding up to the order’s', () => {
    expect(sharePoints([100_00, 300_00], 36)).toEqual([9, 27]);
    // 10 points over three equal lines: the remainder goes to the first lines.
    expect(sharePoints([50_00, 50_00, 50_00], 10)).toEqual([4, 3, 3]);
    const shares = sharePoints([349_99, 1_250_00, 9_99], 143);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(143);
    expect(sharePoints([100_00], 0)).toEqual([0]);
    expect(sharePoints([], 5)).toEqual([]);
  });
});

describe('quantity limits', () => {
  it('caps at the stock, or at 10 when stock is missing or zero', () => {
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(0)).toBe(10);
    expect(maxQuantity(undefined)).toBe(10);
    expect(maxQuantity(null)).toBe(10);
  });
  it('clamps between 1 and the maximum', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-4, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(12, 0)).toBe(10);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });
});

describe('analytics value', () => {
  const items = [
    { item_id: 1, item_name: 'A', item_category: 'EDP', price: 1249.5, quantity: 2 },
    { item_id: 2, item_name: 'B', item_category: 'EDT', price: 0.1, quantity: 3 },
  ];
  it('sums price times quantity for ordinary events, exactly', () => {
    expect(analyticsValue('add_to_cart', items)).toBe(2499.3);
  });
  it('sums price alone for purchase', () => {
    expect(analyticsValue('purchase', items)).toBe(1249.6);
  });
  it('builds the dataLayer entry with currency EGP and the transaction id', () => {
    expect(analyticsEvent('purchase', items, 'A-1001')).toEqual({
      event: 'purchase',
      ecommerce: { transaction_id: 'A-1001', currency: 'EGP', value: 1249.6, items },
    });
  });
});

describe('schemas', () => {
  it('reads an empty promotion as none', () => {
    expect(PromotionData.parse({})).toEqual({});
    const welcome = {
      code: 'WELCOME10',
      percent_discount: 10,
      discount_kind: 'percent',
      amount_off: null,
      min_order: 0,
      applies_to: { categories: [], products: [] },
    };
    expect(PromotionData.parse(welcome)).toEqual(welcome);
  });
  it('defaults paging and rejects page sizes over 100', () => {
    expect(ProductListQuery.parse({})).toMatchObject({ page: 1, page_size: 24 });
    expect(ProductListQuery.safeParse({ page_size: '101' }).success).toBe(false);
    expect(ProductListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ProductListQuery.parse({ is_new: 'true' }).is_new).toBe(true);
  });
  it('accepts IPv4, IPv6 or nothing as the address to locate', () => {
    expect(CheckIpRequest.safeParse({ ip_address: '41.33.1.1' }).success).toBe(true);
    expect(CheckIpRequest.safeParse({ ip_address: '2001:db8::1' }).success).toBe(true);
    expect(CheckIpRequest.safeParse({}).success).toBe(true);
    expect(CheckIpRequest.safeParse({ ip_address: 'not-an-ip' }).success).toBe(false);
  });
});
