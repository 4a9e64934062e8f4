import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AppliedPromotion,
  Cart,
  Order,
  PromotionData,
  StaffPromotion,
  StaffPromotionPage,
  type StaffPromotionCreate,
  type StaffRole,
} from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, lastCode } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);
let serial = 0;

const categoryId = async (slug: string) =>
  (await t.db.database.rows<{ id: number }>(sql`SELECT id FROM categories WHERE slug = ${slug}`))[0]!.id;

/** A fresh published product of one size in the given category, priced `pricePiastres`, with its own stock. */
async function productIn(slug: string, pricePiastres: number) {
  const id = await f.productWithStock(20, pricePiastres);
  await t.db.database.rows(sql`UPDATE products SET category_id = ${await categoryId(slug)} WHERE id = ${id}`);
  return id;
}

/** A fixed 100 LE off deodorants from 300 LE, usable now; a fresh code each time (written lower-case). */
async function newCode(overrides: Partial<StaffPromotionCreate> = {}): Promise<StaffPromotionCreate> {
  return {
    code: `deo-${++serial}-${Date.now()}`,
    discount_kind: 'amount',
    percent_discount: null,
    amount_off: 100,
    min_order: 300,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: null,
    is_active: true,
    first_order_only: false,
    max_uses: null,
    per_customer_limit: null,
    categories: [await categoryId('deodorants')],
    products: [],
    ...overrides,
  };
}

async function create(staff: StaffCaller, fields: StaffPromotionCreate) {
  const response = await staff.post('/api/staff/promotions/', fields);
  expect(response.statusCode, response.body).toBe(201);
  return StaffPromotion.parse(response.json());
}
const promotionCount = async () => (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM promotions`))[0]!.n;

/** A verified shopper with an address and these products in the cart (one unit each unless said). */
async function shopperWithCart(lines: [product: number, quantity?: number][]) {
  const s = await f.shopperWithAddress({ verified: true });
  for (const [product, quantity = 1] of lines) {
    const added = await s.post('/api/cart-products/', { product, quantity });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
  return s;
}
const cartOf = async (s: { get: (url: string) => Promise<{ json(): unknown }> }) => Cart.parse((await s.get('/api/carts/me/')).json());

describe('the back office’s promotions', () => {
  it('is for owners and managers only', async () => {
    const manager = await signedInStaff(t, 'manager');
    const promotion = await create(manager, await newCode());
    const calls = [
      ['GET', '/api/staff/promotions/'],
      ['POST', '/api/staff/promotions/'],
      ['GET', `/api/staff/promotions/${promotion.id}/`],
      ['PUT', `/api/staff/promotions/${promotion.id}/`],
      ['POST', `/api/staff/promotions/${promotion.id}/deactivate/`],
      ['PUT', '/api/staff/promotions/popup/'],
    ] as const;
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const [method, url] of calls) {
        const response = await staff.call(method, url, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of calls) expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get('/api/staff/promotions/')).statusCode).toBe(200);
      expect((await staff.get(`/api/staff/promotions/${promotion.id}/`)).statusCode).toBe(200);
    }
    expect(StaffPromotion.parse((await manager.get(`/api/staff/promotions/${promotion.id}/`)).json()).is_active).toBe(true);
  });

  it('creates a code upper-case with its limits, finds it by part of the code and by state, and audits it', async () => {
    const manager = await signedInStaff(t, 'manager');
    const fields = await newCode({ max_uses: 50, per_customer_limit: 2, first_order_only: true });
    const promotion = await create(manager, fields);
    expect(promotion).toMatchObject({
      code: fields.code.toUpperCase(),
      discount_kind: 'amount',
      percent_discount: null,
      amount_off: 100,
      min_order: 300,
      max_uses: 50,
      per_customer_limit: 2,
      first_order_only: true,
      is_popup: false,
      state: 'active',
      categories: [{ id: fields.categories[0], name_en: 'Deodorants', name_ar: 'مزيلات العرق' }],
      products: [],
      usage: { orders: 0, discount_given: 0, revenue: 0 },
      version: 1,
    });
    const list = async (query: string) =>
      StaffPromotionPage.parse((await manager.get(`/api/staff/promotions/?${query}`)).json()).results.map((row) => row.code);
    expect(await list(`search=${fields.code.slice(0, 8).toLowerCase()}`)).toContain(promotion.code);
    expect(await list('search=no-such-code-at-all')).toEqual([]);
    expect(await list('state=active&page_size=100')).toContain(promotion.code);
    expect(await list('state=expired&page_size=100')).toContain('RAMADAN25');
    expect(await list('state=expired&page_size=100')).not.toContain(promotion.code);
    const later = await create(manager, await newCode({ starts_at: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(later.state).toBe('scheduled');
    expect(await list('state=scheduled&page_size=100')).toContain(later.code);
    const [audit] = await t.db.database.rows<{ action: string; staff_id: number }>(sql`
      SELECT action, staff_id FROM audit_log WHERE entity = 'promotion' AND entity_id = ${String(promotion.id)}`);
    expect(audit).toEqual({ action: 'promotion.create', staff_id: manager.id });
  });

  it('refuses bad input field by field, in the caller’s language, and saves nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const taken = await create(manager, await newCode());
    const before = await promotionCount();
    const refused = async (overrides: Partial<StaffPromotionCreate>, lang = 'en') => {
      const response = await manager.call('POST', '/api/staff/promotions/', await newCode(overrides), { 'accept-language': lang });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as Record<string, string[]>;
    };
    const percent = { discount_kind: 'percent', amount_off: null } as const;
    expect(Object.keys(await refused({ ...percent, percent_discount: 101 }))).toEqual(['percent_discount']);
    expect(Object.keys(await refused({ ...percent, percent_discount: null }))).toEqual(['percent_discount']);
    expect(Object.keys(await refused({ amount_off: -5 }))).toEqual(['amount_off']);
    expect(Object.keys(await refused({ amount_off: 0 }))).toEqual(['amount_off']);
    expect(Object.keys(await refused({ min_order: -1 }))).toEqual(['min_order']);
    expect(Object.keys(await refused({ code: 'a b' }))).toEqual(['code']);
    const start = new Date(Date.now() + 86_400_000);
    const backwards = { starts_at: start.toISOString(), ends_at: new Date(start.getTime() - 3_600_000).toISOString() };
    expect(await refused(backwards)).toEqual({ ends_at: ['The end must come after the start.'] });
    expect(await refused(backwards, 'ar')).toEqual({ ends_at: ['يجب أن تأتي النهاية بعد البداية.'] });
    expect(await refused({ categories: [2_000_000] })).toEqual({ categories: ['Choose one from the list.'] });
    expect(await refused({ products: [2_000_000] })).toEqual({ products: ['Choose one from the list.'] });
    expect(await refused({ code: taken.code.toLowerCase() })).toEqual({ code: ['Another promotion already has this code.'] });
    expect(await refused({ code: taken.code.toLowerCase() }, 'ar')).toEqual({ code: ['يوجد عرض ترويجي آخر بهذا الكود.'] });
    expect(await promotionCount()).toBe(before);
  });

  it('saves on the version read (a second save of it is a 409 with the code as it is now) and deactivates', async () => {
    const manager = await signedInStaff(t, 'manager');
    const promotion = await create(manager, await newCode());
    const { id, version, state: _s, usage: _u, is_popup: _p, created_at: _c, categories, products, ...fields } = promotion;
    const save = (changes: Record<string, unknown>, onVersion = version) =>
      manager.put(`/api/staff/promotions/${id}/`, {
        ...fields,
        categories: categories.map((c) => c.id),
        products: products.map((p) => p.id),
        ...changes,
        version: onVersion,
      });
    const saved = await save({ discount_kind: 'percent', percent_discount: 20, amount_off: null, categories: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(StaffPromotion.parse(saved.json())).toMatchObject({ percent_discount: 20, amount_off: null, categories: [], version: 2 });
    const stale = await save({ min_order: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'promotion_changed', promotion: { id, percent_discount: 20, version: 2 } });
    expect((await save({ min_order: 0 }, 2)).statusCode).toBe(200);
    expect((await manager.put('/api/staff/promotions/2000000/', { ...fields, categories: [], products: [], version: 1 })).statusCode).toBe(
      404,
    );

    const s = await shopperWithCart([[await productIn('deodorants', 50_000)]]);
    expect((await s.get(`/api/promotions/${promotion.code}`)).statusCode).toBe(200);
    expect((await manager.post(`/api/staff/promotions/${id}/deactivate/`, { version: 2 })).statusCode).toBe(409);
    const off = await manager.post(`/api/staff/promotions/${id}/deactivate/`, { version: 3 });
    expect(off.statusCode, off.body).toBe(200);
    expect(StaffPromotion.parse(off.json())).toMatchObject({ is_active: false, state: 'inactive', version: 4 });
    expect((await s.get(`/api/promotions/${promotion.code}`)).json()).toMatchObject({ code: 'promo_invalid' });
    expect((await cartOf(s)).promotion).toBeNull();
  });

  it('chooses the one promotion the popup shows, with a fixed amount’s terms', async () => {
    const manager = await signedInStaff(t, 'manager');
    const promotion = await create(manager, await newCode({ min_order: 0, categories: [] }));
    const chosen = await manager.put('/api/staff/promotions/popup/', { promotion: promotion.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const popup = PromotionData.parse((await client(t.app).get('/api/promotion-data/')).json());
    expect(popup).toEqual({
      code: promotion.code,
      percent_discount: 0,
      discount_kind: 'amount',
      amount_off: 100,
      min_order: 0,
      applies_to: { categories: [], products: [] },
    });
    const marked = await t.db.database.rows<{ id: number }>(sql`SELECT id FROM promotions WHERE is_popup`);
    expect(marked).toEqual([{ id: promotion.id }]);
    const expired = (await t.db.database.rows<{ id: number }>(sql`SELECT id FROM promotions WHERE code = 'RAMADAN25'`))[0]!.id;
    expect((await manager.put('/api/staff/promotions/popup/', { promotion: expired })).json()).toEqual({
      promotion: ['Only an active code that has not expired can be shown in the popup.'],
    });
    expect((await manager.put('/api/staff/promotions/popup/', { promotion: 2_000_000 })).statusCode).toBe(404);
    expect((await manager.put('/api/staff/promotions/popup/', { promotion: null })).statusCode).toBe(200);
    expect((await client(t.app).get('/api/promotion-data/')).json()).toEqual({});
    // The seed's popup again, as the other tests expect it.
    const welcome = (await t.db.database.rows<{ id: number }>(sql`SELECT id FROM promotions WHERE code = 'WELCOME10'`))[0]!.id;
    expect((await manager.put('/api/staff/promotions/popup/', { promotion: welcome })).statusCode).toBe(200);
  });
});

describe('fixed amounts, minimum orders and limits to categories at the shopper’s end', () => {
  it('takes the amount off the eligible lines only, never more than they cost, and refuses a cart it does not fit', async () => {
    const manager = await signedInStaff(t, 'manager');
    const promotion = await create(manager, await newCode());
    const deodorant = await productIn('deodorants', 8_000); // 80 LE
    const perfume = await productIn('eau-de-parfum', 50_000); // 500 LE

    // 80 LE of deodorant in a 580 LE cart: only the deodorant is discounted, so 80 LE off, not 100.
    const mixed = await shopperWithCart([[deodorant], [perfume]]);
    const applied = await mixed.get(`/api/promotions/${promotion.code.toLowerCase()}`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(AppliedPromotion.parse(applied.json())).toMatchObject({ discount_kind: 'amount', percent_discount: 0, amount_off: 100 });
    expect(await cartOf(mixed)).toMatchObject({ subtotal: 580, discount: 80, total: 500 });

    // A perfume-only cart has nothing the code applies to.
    const perfumeOnly = await shopperWithCart([[perfume]]);
    const notApplicable = await perfumeOnly.get(`/api/promotions/${promotion.code}`);
    expect(notApplicable.statusCode).toBe(400);
    expect(notApplicable.json()).toEqual({ code: 'promo_not_applicable', detail: 'This code does not apply to any item in your cart.' });
    const arabic = await perfumeOnly.call({ url: `/api/promotions/${promotion.code}`, headers: { 'accept-language': 'ar' } });
    expect(arabic.json()).toEqual({ code: 'promo_not_applicable', detail: 'لا ينطبق هذا الكود على أي منتج في سلتك.' });

    // Below the minimum (subtotal before the discount).
    const small = await shopperWithCart([[deodorant, 3]]);
    const below = await small.get(`/api/promotions/${promotion.code}`);
    expect(below.json()).toEqual({ code: 'promo_min_order', detail: 'This code needs an order of at least 300 LE before the discount.' });
    const belowAr = await small.call({ url: `/api/promotions/${promotion.code}`, headers: { 'accept-language': 'ar' } });
    expect(belowAr.json()).toMatchObject({ code: 'promo_min_order', detail: 'يتطلب هذا الكود طلبًا لا يقل عن ٣٠٠ ج.م قبل الخصم.' });
    expect((await cartOf(small)).promotion).toBeNull();

    // Four deodorants (320 LE): the whole 100 LE.
    await small.post('/api/cart-products/', { product: deodorant, quantity: 4 });
    expect((await small.get(`/api/promotions/${promotion.code}`)).statusCode).toBe(200);
    expect(await cartOf(small)).toMatchObject({ subtotal: 320, discount: 100, total: 220 });
    // Below the minimum again, the cart keeps the code but takes nothing off until it is reached.
    await small.post('/api/cart-products/', { product: deodorant, quantity: 2 });
    expect(await cartOf(small)).toMatchObject({ subtotal: 160, discount: 0, total: 160, promotion: { code: promotion.code } });
    const refusedOrder = await f.order(small, { address: small.addressId, payment_method: 'cod' });
    expect(refusedOrder.json()).toMatchObject({ code: 'promo_min_order' });
  });

  it('limits to products as well as categories, and a percentage counts the eligible lines only', async () => {
    const manager = await signedInStaff(t, 'manager');
    const chosen = await productIn('eau-de-parfum', 20_000);
    const other = await productIn('eau-de-parfum', 30_000);
    const deodorant = await productIn('deodorants', 10_000);
    const promotion = await create(
      manager,
      await newCode({ discount_kind: 'percent', percent_discount: 15, amount_off: null, min_order: 0, products: [chosen] }),
    );
    const s = await shopperWithCart([[chosen], [other], [deodorant]]);
    expect((await s.get(`/api/promotions/${promotion.code}`)).statusCode).toBe(200);
    // 15% of the chosen perfume (200) and the deodorant (100): 45 LE; the other perfume is not discounted.
    expect(await cartOf(s)).toMatchObject({ subtotal: 600, discount: 45, total: 555 });
  });

  it('records the order’s discount; usage counts orders, discount and revenue, and a cancelled order gives its use back', async () => {
    const manager = await signedInStaff(t, 'manager');
    const promotion = await create(manager, await newCode({ max_uses: 1 }));
    const deodorant = await productIn('deodorants', 40_000);
    const s = await shopperWithCart([[deodorant]]);
    expect((await s.get(`/api/promotions/${promotion.code}`)).statusCode).toBe(200);
    const placed = await f.order(s, { address: s.addressId, payment_method: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    expect(order).toMatchObject({ subtotal: 400, discount: 100, promo_code: promotion.code });
    const usage = async () => StaffPromotion.parse((await manager.get(`/api/staff/promotions/${promotion.id}/`)).json()).usage;
    expect(await usage()).toEqual({ orders: 1, discount_given: 100, revenue: order.total });

    // Its one use is taken: another shopper is refused until the order is cancelled.
    const next = await shopperWithCart([[deodorant]]);
    expect((await next.get(`/api/promotions/${promotion.code}`)).json()).toMatchObject({ code: 'promo_exhausted' });
    expect((await manager.act(order.id, 'cancel', { reason: 'Customer asked by phone' })).statusCode).toBe(200);
    expect(await usage()).toEqual({ orders: 0, discount_given: 0, revenue: 0 });
    expect((await next.get(`/api/promotions/${promotion.code}`)).statusCode).toBe(200);
  });

  it('checks a guest’s cart when the guest sends it with the code', async () => {
    const manager = await signedInStaff(t, 'manager');
    const promotion = await create(manager, await newCode());
    const perfume = await productIn('eau-de-parfum', 50_000);
    const deodorant = await productIn('deodorants', 50_000);
    const guest = client(t.app);
    const phone = `0101${String(Date.now()).slice(-7)}`;
    const refused = await guest.post('/api/otp_guest_promocode/', {
      phone,
      code: promotion.code,
      items: [{ product: perfume, quantity: 1 }],
    });
    expect(refused.json()).toMatchObject({ code: 'promo_not_applicable' });
    const sent = await guest.post('/api/otp_guest_promocode/', {
      phone,
      code: promotion.code,
      items: [{ product: deodorant, quantity: 1 }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = await lastCode(t.db.database, `+20${phone.slice(1)}`);
    const checked = await guest.post('/api/check-promocode', {
      phone,
      code: promotion.code,
      otp,
      items: [{ product: deodorant, quantity: 1 }],
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(AppliedPromotion.parse(checked.json())).toMatchObject({
      amount_off: 100,
      applies_to: { categories: promotion.categories.map((c) => c.id) },
    });
    const placed = await guest.post('/api/orders/', {
      guest: { name: 'Guest Buyer', phone },
      address: { name: 'Guest Buyer', phone, street: '1 Nile St', ...(await f.cairo()) },
      items: [
        { product: deodorant, quantity: 1 },
        { product: perfume, quantity: 1 },
      ],
      payment_method: 'cod',
      promo_code: promotion.code,
      otp,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Order.parse(placed.json())).toMatchObject({ subtotal: 1000, discount: 100 });
  });
});
