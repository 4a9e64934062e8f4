import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LowStockRow, Order, StaffStockPage, StockMovementPage, ValidationErrorBody, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';
import type { Delivery } from '../delivery/service';
import { sendLowStockDigest } from './low-stock-digest';

const t = useTestApp();
const f = orderFixtures(t);

async function sizeOf(productId: number) {
  const [row] = await f
    .db()
    .rows<{ id: number; stock: number }>(sql`SELECT id, stock FROM product_variants WHERE product_id = ${productId}`);
  return row!;
}
const adjust = (staff: StaffCaller, productId: number, sizeId: number, body: unknown, headers: Record<string, string> = {}) =>
  staff.call('POST', `/api/staff/products/${productId}/sizes/${sizeId}/stock/`, body, headers);
const ledger = async (staff: StaffCaller, productId: number) =>
  StockMovementPage.parse((await staff.get(`/api/staff/products/${productId}/stock/?page_size=100`)).json());

/** The ledger's word on every size: the sum of its changes and its last row's stock are the size's stock. */
async function ledgerDisagreements() {
  return f.db().rows<{ id: number }>(sql`
    SELECT v.id FROM product_variants v
    LEFT JOIN LATERAL (SELECT coalesce(sum(change), 0)::int AS total FROM stock_movements m WHERE m.variant_id = v.id) s ON true
    LEFT JOIN LATERAL (SELECT stock_after FROM stock_movements m WHERE m.variant_id = v.id ORDER BY id DESC LIMIT 1) l ON true
    WHERE s.total <> v.stock OR coalesce(l.stock_after, 0) <> v.stock`);
}

describe('the stock ledger', () => {
  it('is for owners, managers and fulfilment', async () => {
    const productId = await f.productWithStock(5);
    const size = await sizeOf(productId);
    const support = await signedInStaff(t, 'support');
    for (const response of [
      await adjust(support, productId, size.id, {}),
      await support.get(`/api/staff/products/${productId}/stock/`),
      await support.get('/api/staff/stock/low/'),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/staff/stock/low/')).statusCode).toBe(401);
    for (const role of ['owner', 'manager', 'fulfilment'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await adjust(staff, productId, size.id, { change: 1, reason: 'received' })).json()).toMatchObject({
        stock: expect.any(Number),
      });
    }
    expect((await sizeOf(productId)).stock).toBe(8);
  });

  it('records each change with its reason, order, staff member and note, and never goes below zero', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const productId = await f.productWithStock(4, 50_000);
    const size = await sizeOf(productId);
    expect((await adjust(fulfilment, productId, size.id, { change: 6, reason: 'received', note: 'Delivery from Grasse' })).json()).toEqual({
      stock: 10,
    });
    expect((await adjust(fulfilment, productId, size.id, { change: -1, reason: 'damaged', note: 'Cracked cap' })).json()).toEqual({
      stock: 9,
    });

    const below = await adjust(fulfilment, productId, size.id, { change: -10, reason: 'correction' }, { 'accept-language': 'ar' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ change: ['المخزون ٩ فقط: لا يمكن أن ينزل التعديل به تحت الصفر.'] });
    for (const bad of [
      { change: 0, reason: 'received' },
      { change: 1, reason: 'order' },
      { change: 1.5, reason: 'received' },
      { reason: 'received' },
    ]) {
      expect((await adjust(fulfilment, productId, size.id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const other = await sizeOf(await f.productWithStock(3));
    expect((await adjust(fulfilment, productId, other.id, { change: 1, reason: 'received' })).statusCode).toBe(404);
    expect((await sizeOf(productId)).stock).toBe(9);

    const s = await f.shopperWithAddress();
    await s.post('/api/cart-products/', { product: productId, quantity: 2 });
    const placed = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'cod' })).json());
    expect((await s.post(`/api/orders/${placed.id}/cancel/`)).statusCode).toBe(200);

    const rows = (await ledger(fulfilment, productId)).results;
    expect(rows.map((row) => [row.change, row.stock_after, row.reason, row.order_number, row.staff?.id ?? null, row.note])).toEqual([
      [2, 9, 'cancellation', placed.order_number, null, null],
      [-2, 7, 'order', placed.order_number, null, null],
      [-1, 9, 'damaged', null, fulfilment.id, 'Cracked cap'],
      [6, 10, 'received', null, fulfilment.id, 'Delivery from Grasse'],
      [4, 4, 'received', null, null, null],
    ]);
    expect(rows.every((row) => row.ml === 100)).toBe(true);
    // A ledger: its rows are never edited.
    await expect(t.db.database.rows(sql`UPDATE stock_movements SET change = 1 WHERE product_id = ${productId}`)).rejects.toThrow();
    expect((await ledger(fulfilment, productId)).results).toEqual(rows);
  });

  it('equals every size’s stock after a random mix of orders, cancellations, refunds with restocking and adjustments', async () => {
    const manager = await signedInStaff(t, 'manager');
    const products = [await f.productWithStock(40, 30_000), await f.productWithStock(40, 45_000)];
    const s = await f.shopperWithAddress();
    // A fixed sequence, so a failure can be replayed.
    let seed = 20261126;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      // The high bits: an LCG's low bits repeat with a short period.
      return Math.floor(seed / 65536) % n;
    };
    const delivered: Order[] = [];
    for (let step = 0; step < 40; step++) {
      const productId = products[next(2)]!;
      const size = await sizeOf(productId);
      switch (next(4)) {
        case 0:
        case 1: {
          await s.post('/api/cart-products/', { product: productId, quantity: 1 + next(3) });
          const response = await f.order(s, { address: s.addressId, payment_method: 'cod' });
          if (response.statusCode !== 201) break;
          const placed = Order.parse(response.json());
          if (next(2) === 0) {
            expect((await s.post(`/api/orders/${placed.id}/cancel/`)).statusCode).toBe(200);
          } else {
            for (const [action, body] of [
              ['confirm', {}],
              ['pack', {}],
              ['ship', { courier: 'Bosta', tracking_number: `BST-${placed.id}` }],
              ['deliver', { cash_collected: placed.total }],
            ] as const) {
              expect((await manager.act(placed.id, action, body)).statusCode).toBe(200);
            }
            delivered.push(placed);
          }
          break;
        }
        case 2: {
          const order = delivered.pop();
          if (!order) break;
          const lines = order.items.map((item) => ({ item: item.id, quantity: item.quantity, restock: next(2) === 0 }));
          expect((await manager.refund(order.id, { reason: 'returned', lines, cash_method: 'counter' })).statusCode).toBe(201);
          break;
        }
        default: {
          const change = next(2) === 0 ? 1 + next(5) : -Math.min(size.stock, 1 + next(3));
          if (change !== 0) await adjust(manager, productId, size.id, { change, reason: change > 0 ? 'received' : 'damaged' });
        }
      }
    }
    const reasons = await f.db().rows<{ reason: string }>(sql`
      SELECT DISTINCT reason FROM stock_movements WHERE product_id = ANY(${sql.param(products)}::int[]) ORDER BY reason`);
    expect(reasons.map((row) => row.reason)).toEqual(['cancellation', 'damaged', 'order', 'received', 'return']);
    expect(await ledgerDisagreements()).toEqual([]);
  });

  it('lists published sizes at or below their product’s threshold', async () => {
    const manager = await signedInStaff(t, 'manager');
    const scarce = await f.productWithStock(2);
    const plenty = await f.productWithStock(50);
    await f.db().rows(sql`UPDATE products SET low_stock_threshold = 3 WHERE id = ${scarce}`);
    const low = LowStockRow.array().parse((await manager.get('/api/staff/stock/low/')).json());
    expect(low.find((row) => row.product === scarce)).toMatchObject({ stock: 2, threshold: 3, ml: 100 });
    expect(low.some((row) => row.product === plenty)).toBe(false);
    await f.db().rows(sql`UPDATE products SET is_published = false WHERE id = ${scarce}`);
    expect(
      LowStockRow.array()
        .parse((await manager.get('/api/staff/stock/low/')).json())
        .some((row) => row.product === scarce),
    ).toBe(false);
  });

  it('sends the low sizes to the owners and managers each morning, in both languages', async () => {
    const owner = await signedInStaff(t, 'owner');
    const scarce = await f.productWithStock(1, 20_000);
    await f
      .db()
      .rows(sql`UPDATE products SET low_stock_threshold = 4, name_en = 'Last Bottle', name_ar = 'الزجاجة الأخيرة' WHERE id = ${scarce}`);
    const sent: { to: string; subject: string; text: string }[] = [];
    const delivery = { sendEmail: async (mail: (typeof sent)[number]) => void sent.push(mail) } as unknown as Delivery;
    const count = (await lowStock()).length;

    expect(await sendLowStockDigest(t.db.database, t.config, delivery)).toBe(sent.length);
    const mail = sent.find((each) => each.to === owner.email)!;
    expect(mail.subject).toBe(`Attar: ${count} sizes low on stock`);
    expect(mail.text).toContain(`Last Bottle, 100 ml (TEST-${scarce}): 1 left (threshold 4)`);
    expect(mail.text).toContain(`الزجاجة الأخيرة، ١٠٠ مل (TEST-${scarce}): المتبقي ١ (الحد ٤)`);
    expect(sent.some((each) => each.to.startsWith('fulfilment'))).toBe(false);
  });
});

describe('the stock list', () => {
  /** A draft product in 100 ml (4 left, threshold 5: low) and 50 ml (20), with names and SKUs of its own. */
  async function twoSizes() {
    const productId = await f.productWithStock(4);
    const stamp = `${productId}`;
    await f.db().rows(sql`
      UPDATE products SET name_en = ${`Stock Amber ${stamp}`}, name_ar = ${`عنبر المخزن ${stamp}`}, slug = ${`stock-amber-${stamp}`},
        is_published = false, low_stock_threshold = 5 WHERE id = ${productId}`);
    await f.db().rows(sql`
      INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock, is_default)
      VALUES (${productId}, (SELECT id FROM sizes WHERE ml = 50), ${`AMB-${stamp}-50`}, 60000, 20, false)`);
    return { productId, stamp };
  }
  const list = async (staff: StaffCaller, query: string) => {
    const response = await staff.get(`/api/staff/stock/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return StaffStockPage.parse(response.json());
  };

  it('is for owners, managers and fulfilment', async () => {
    const { productId } = await twoSizes();
    expect((await (await signedInStaff(t, 'support')).get('/api/staff/stock/')).statusCode).toBe(403);
    expect((await t.app.inject('/api/staff/stock/')).statusCode).toBe(401);
    for (const role of ['owner', 'manager', 'fulfilment'] as StaffRole[]) {
      expect((await list(await signedInStaff(t, role), `product=${productId}`)).count).toBe(2);
    }
  });

  it('finds sizes by name in either language, slug or SKU, drafts too, with their stock and low-stock flag', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const { productId, stamp } = await twoSizes();
    const [large] = await f.db().rows<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN sizes s ON s.id = v.size_id WHERE v.product_id = ${productId} AND s.ml = 100`);
    const expected = [
      expect.objectContaining({ product: productId, ml: 50, sku: `AMB-${stamp}-50`, stock: 20, threshold: 5, low: false, state: 'draft' }),
      {
        product: productId,
        slug: `stock-amber-${stamp}`,
        name_en: `Stock Amber ${stamp}`,
        name_ar: `عنبر المخزن ${stamp}`,
        state: 'draft',
        size: large!.id,
        ml: 100,
        sku: `TEST-${productId}`,
        stock: 4,
        threshold: 5,
        low: true,
      },
    ];
    for (const search of [`Stock Amber ${stamp}`, `عنبر المخزن ${stamp}`, `stock-amber-${stamp}`]) {
      expect((await list(fulfilment, `search=${encodeURIComponent(search)}`)).results, search).toEqual(expected);
    }
    // A SKU is the size it is printed on, whatever its case.
    const bySku = await list(fulfilment, `search=amb-${stamp}-50`);
    expect(bySku.results.map((row) => row.ml)).toEqual([50]);
    // Paged like the other staff lists.
    const first = await list(fulfilment, `product=${productId}&page_size=1`);
    expect(first).toMatchObject({ count: 2, previous: null, results: [{ ml: 50 }] });
    expect(first.next).toContain('page=2');
    expect((await list(fulfilment, `product=${productId}&page_size=1&page=2`)).results.map((row) => row.ml)).toEqual([100]);
    // `%` is a character to find, not a wildcard.
    expect((await list(fulfilment, 'search=%25')).count).toBe(0);
  });

  it('refuses bad input in the contract’s shape', async () => {
    const manager = await signedInStaff(t, 'manager');
    for (const query of ['page=0', 'page_size=1000', 'product=abc', `search=${'x'.repeat(101)}`]) {
      const response = await manager.get(`/api/staff/stock/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(() => ValidationErrorBody.parse(response.json()), query).not.toThrow();
    }
  });
});

const lowStock = async () => LowStockRow.array().parse((await (await signedInStaff(t, 'manager')).get('/api/staff/stock/low/')).json());
