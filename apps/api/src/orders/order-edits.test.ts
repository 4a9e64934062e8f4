/**
 * Correcting an order before its hand-over (decision 0057): lines, sizes, the address and the fee; stock by the
 * difference in the ledger, the promotion asked again, points, totals by the one rule, the audit entry, the shopper's
 * message, a paid order's refund; and every refusal (stale version, status, role, bad input, stock) changing nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, StaffOrder, StaffOrderEditPreview, StockConflictBody, type StaffOrderEditInput } from '@attar/contract';
import { orderAmounts } from '@attar/contract/rules';
import { money, text } from '../i18n/catalogue';
import { renderOrderMessage } from '../messages/order-messages';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);
const db = () => f.db();

/** A second size (50 ml, not the default) of `productId`, with its own price and stock; its id. */
async function secondSize(productId: number, units: number, pricePiastres: number) {
  const [row] = await db().rows<{ id: number }>(sql`
    INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock, is_default)
    VALUES (${productId}, (SELECT id FROM sizes WHERE ml = 50), 'TEST-50-' || ${productId}, ${pricePiastres}, ${units}, false) RETURNING id`);
  return row!.id;
}
const sizeStock = async (variantId: number) =>
  (await db().rows<{ stock: number }>(sql`SELECT stock FROM product_variants WHERE id = ${variantId}`))[0]!.stock;
const defaultSize = async (productId: number) =>
  (await db().rows<{ id: number }>(sql`SELECT id FROM product_variants WHERE product_id = ${productId} AND is_default`))[0]!.id;

/** A signed-in shopper's cash order of the lines named (`[product, units, size?]`), placed from their cart. */
async function placedOrder(
  lines: [number, number, number?][],
  extra: Record<string, unknown> = {},
  s?: Awaited<ReturnType<typeof f.shopperWithAddress>>,
) {
  const shopper = s ?? (await f.shopperWithAddress());
  for (const [product, quantity, variant] of lines) await shopper.post('/api/cart-products/', { product, quantity, variant });
  const response = await f.order(shopper, { address: shopper.addressId, payment_method: 'cod', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return { s: shopper, placed: Order.parse(response.json()) };
}

const edit = (staff: StaffCaller, id: number, body: StaffOrderEditInput | Record<string, unknown>) =>
  staff.call('POST', `/api/staff/orders/${id}/edit/`, body);
const preview = (staff: StaffCaller, id: number, body: StaffOrderEditInput | Record<string, unknown>) =>
  staff.call('POST', `/api/staff/orders/${id}/edit/preview/`, body);

/** Everything an edit may change: the order's row, its lines, the stock of the sizes named, its audit and messages. */
async function snapshot(orderId: number, sizes: number[]) {
  return {
    order: await db().rows(sql`SELECT * FROM orders WHERE id = ${orderId}`),
    items: await db().rows(sql`SELECT * FROM order_items WHERE order_id = ${orderId} ORDER BY id`),
    stock: await Promise.all(sizes.map(sizeStock)),
    movements: await db().rows(sql`SELECT count(*)::int AS n FROM stock_movements WHERE reason = 'order_edit'`),
    audit: await db().rows(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'order' AND entity_id = ${String(orderId)}`),
    messages: await db().rows(sql`SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${orderId}`),
  };
}

/** The shop's rates and a governorate's fee, as the edit reads them. */
async function shopRates(regionId: number) {
  const [row] = await db().rows<{ fee: number; free: number; point_value: number; per_point: number }>(sql`
    SELECT r.fee_piastres AS fee, c.free_shipping_after_piastres AS free, c.point_value_piastres AS point_value, c.piastres_per_point AS per_point
    FROM regions r, site_config c WHERE r.id = ${regionId} AND c.id = 1`);
  return row!;
}

describe('editing an order before its hand-over', () => {
  it('changes units, a size, removes a line and adds one: stock by the difference, totals by the rule, audited and told', async () => {
    const manager = await signedInStaff(t, 'manager');
    const kept = await f.productWithStock(5, 20_000);
    const resized = await f.productWithStock(4, 30_000);
    const smaller = await secondSize(resized, 3, 18_000);
    const removed = await f.productWithStock(2, 15_000);
    const added = await f.productWithStock(6, 12_550);
    const { placed } = await placedOrder([
      [kept, 2],
      [resized, 1],
      [removed, 1],
    ]);
    const [keptSize, resizedSize, removedSize, addedSize] = (await Promise.all([kept, resized, removed, added].map(defaultSize))) as [
      number,
      number,
      number,
      number,
    ];
    expect(await Promise.all([keptSize, resizedSize, smaller, removedSize, addedSize].map(sizeStock))).toEqual([3, 3, 3, 1, 6]);
    const before = await manager.order(placed.id);
    const keptLine = before.items.find((line) => line.product_obj?.id === kept)!;
    // Today's price of the kept product changes: its line keeps the price it was ordered at.
    await db().rows(sql`UPDATE product_variants SET price_piastres = 99900 WHERE id = ${keptSize}`);

    const body = {
      version: before.version,
      items: [
        { product: kept, quantity: 3 },
        { product: resized, variant: smaller, quantity: 2 },
        { product: added, quantity: 1 },
      ],
    };
    const seen = await preview(manager, placed.id, body);
    expect(seen.statusCode, seen.body).toBe(200);
    const shown = StaffOrderEditPreview.parse(seen.json());
    // The preview changed nothing.
    expect(await Promise.all([keptSize, resizedSize, smaller, removedSize, addedSize].map(sizeStock))).toEqual([3, 3, 3, 1, 6]);

    const response = await edit(manager, placed.id, body);
    expect(response.statusCode, response.body).toBe(200);
    const order = StaffOrder.parse(response.json());
    expect(order.version).toBe(before.version + 1);
    expect(await Promise.all([keptSize, resizedSize, smaller, removedSize, addedSize].map(sizeStock))).toEqual([2, 4, 1, 2, 5]);
    expect(order.items.map((line) => [line.product_obj?.id, line.size_ml, line.quantity, line.price])).toEqual([
      [kept, 100, 3, 200],
      [resized, 50, 2, 180],
      [added, 100, 1, 125.5],
    ]);
    // The kept line is the same row.
    expect(order.items[0]!.id).toBe(keptLine.id);

    const subtotal = 3 * 20_000 + 2 * 18_000 + 12_550;
    const rates = await shopRates(order.address.region.id);
    const expected = orderAmounts(
      { subtotal, discount: 0, pointsOffered: 0, regionFee: rates.fee, giftWrap: false, earnsPoints: true },
      { pointValue: rates.point_value, piastresPerPoint: rates.per_point, freeShippingAfter: rates.free, giftWrapFee: 0 },
    );
    expect(order).toMatchObject({
      subtotal: subtotal / 100,
      delivery_fee: expected.deliveryFee! / 100,
      total: expected.total / 100,
      points_earned: expected.pointsEarned,
      delivery_fee_reason: null,
    });
    expect(order.items.reduce((sum, line) => sum + line.points, 0)).toBe(expected.pointsEarned);
    expect(shown).toMatchObject({
      before: { total: before.total },
      after: { total: expected.total / 100, subtotal: subtotal / 100 },
      difference: Math.round(expected.total - before.total * 100) / 100,
      short: [],
      refund: 0,
      refused: null,
      promotion: null,
    });

    // The ledger: one row per size that moved, by the edit, naming the order and the member.
    const movements = await db().rows<{ variant_id: number; change: number; order_number: string; staff_id: number }>(sql`
      SELECT variant_id, change, order_number, staff_id FROM stock_movements WHERE reason = 'order_edit' AND order_number = ${placed.order_number}
      ORDER BY variant_id`);
    expect(movements).toEqual(
      [
        [keptSize, -1],
        [resizedSize, 1],
        [smaller, -2],
        [removedSize, 1],
        [addedSize, -1],
      ]
        .sort(([a], [b]) => a! - b!)
        .map(([variant_id, change]) => ({ variant_id, change, order_number: placed.order_number, staff_id: manager.id })),
    );

    const entry = order.audit.find((a) => a.action === 'order.edit')!;
    expect(entry.staff?.id).toBe(manager.id);
    expect(entry.before).toMatchObject({
      total_piastres: Math.round(before.total * 100),
      items: [
        { name: { en: 'Test Scent' }, size_ml: 100, quantity: 2, price_piastres: 20_000 },
        { size_ml: 100, quantity: 1, price_piastres: 30_000 },
        { size_ml: 100, quantity: 1, price_piastres: 15_000 },
      ],
    });
    expect(entry.after).toMatchObject({ total_piastres: expected.total, subtotal_piastres: subtotal });

    const [told] = await db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${placed.id} AND key LIKE ${`order:${placed.id}:edited:${order.version}:%`}`);
    expect(told!.n).toBeGreaterThan(0);
    // The SMS and the e-mail say the new total, in the order's language.
    for (const locale of ['en', 'ar'] as const) {
      const sms = await renderOrderMessage(db(), t.config, {
        orderId: placed.id,
        locale,
        channel: 'sms',
        recipient: '+201001112223',
        payload: { event: 'order_edited' },
      });
      expect(sms).toEqual({
        sms: {
          to: '+201001112223',
          text: text(locale, 'orderEdited', { number: placed.order_number, total: money(locale, expected.total) }),
        },
      });
    }
  });

  it('moves the order to another governorate: its fee follows; a fee by hand needs a reason and the role that may set it', async () => {
    const support = await signedInStaff(t, 'support');
    const manager = await signedInStaff(t, 'manager');
    const product = await f.productWithStock(3, 20_000);
    const { placed } = await placedOrder([[product, 1]]);
    const [giza] = await db().rows<{ region: number; city: number; fee: number }>(sql`
      SELECT r.id AS region, c.id AS city, r.fee_piastres AS fee FROM regions r JOIN cities c ON c.region_id = r.id
      WHERE r.name_en = 'Giza' ORDER BY c.id LIMIT 1`);
    const address = { name: 'Amira Fathy', phone: '01001112223', street: '9 Pyramids Road', region: giza!.region, city: giza!.city };
    const items = [{ product, quantity: 1 }];

    const moved = await edit(support, placed.id, { version: 1, items, address });
    expect(moved.statusCode, moved.body).toBe(200);
    const order = StaffOrder.parse(moved.json());
    expect(order.address).toMatchObject({ street: '9 Pyramids Road', region: { id: giza!.region }, city: { id: giza!.city } });
    expect(order.delivery_fee).toBe(giza!.fee / 100);
    expect(order.total).toBe((20_000 + giza!.fee) / 100);
    // The same address again changes nothing.
    const again = await edit(support, placed.id, { version: 2, items, address });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'nothing_to_change' });

    // A city of another governorate is refused by field.
    const [cairoCity] = await db().rows<{ id: number }>(
      sql`SELECT c.id FROM cities c JOIN regions r ON r.id = c.region_id WHERE r.name_en = 'Cairo' LIMIT 1`,
    );
    const mismatched = await edit(support, placed.id, { version: 2, items, address: { ...address, city: cairoCity!.id } });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toHaveProperty(['address.city']);

    const byHand = { version: 2, items, delivery_fee: { amount: 12.5, reason: 'Courier discount for this street' } };
    const refused = await edit(support, placed.id, byHand);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied' });
    const unexplained = await edit(manager, placed.id, { ...byHand, delivery_fee: { amount: 12.5, reason: ' ' } });
    expect(unexplained.statusCode).toBe(400);

    const set = StaffOrder.parse((await edit(manager, placed.id, byHand)).json());
    expect(set).toMatchObject({ delivery_fee: 12.5, total: 212.5, delivery_fee_reason: 'Courier discount for this street', version: 3 });
    // Support may change the lines of an order whose fee was set by hand, keeping that fee, not drop it.
    const keptFee = await edit(support, placed.id, { ...byHand, version: 3, items: [{ product, quantity: 2 }] });
    expect(keptFee.statusCode, keptFee.body).toBe(200);
    expect(StaffOrder.parse(keptFee.json())).toMatchObject({ delivery_fee: 12.5, total: 412.5 });
    const dropped = await edit(support, placed.id, { version: 4, items: [{ product, quantity: 2 }] });
    expect(dropped.statusCode).toBe(403);
  });

  it('asks the promotion again: the preview says it no longer applies, saving refuses to keep it and takes it off when told', async () => {
    const owner = await signedInStaff(t, 'owner');
    const code = `EDIT${Date.now() % 1_000_000}`;
    await db().rows(
      sql`INSERT INTO promotions (code, discount_kind, percent_discount, min_order_piastres) VALUES (${code}, 'percent', 10, 30000)`,
    );
    const product = await f.productWithStock(6, 20_000);
    const { placed } = await placedOrder([[product, 2]], { promo_code: code });
    expect(placed).toMatchObject({ promo_code: code, discount: 40 });
    const [uses] = await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM promotion_uses WHERE order_id = ${placed.id}`);
    expect(uses!.n).toBe(1);

    // Still above the minimum: the discount follows the new lines.
    const more = StaffOrder.parse((await edit(owner, placed.id, { version: 1, items: [{ product, quantity: 3 }] })).json());
    expect(more).toMatchObject({ promo_code: code, subtotal: 600, discount: 60 });

    const fewer = { version: 2, items: [{ product, quantity: 1 }] };
    const shown = StaffOrderEditPreview.parse((await preview(owner, placed.id, fewer)).json());
    expect(shown.promotion).toMatchObject({ code, applies: false });
    expect(shown.promotion!.detail).toContain('300');
    const before = await snapshot(placed.id, [await defaultSize(product)]);
    const kept = await edit(owner, placed.id, fewer);
    expect(kept.statusCode).toBe(400);
    expect(kept.json()).toMatchObject({ code: 'promo_min_order' });
    expect(await snapshot(placed.id, [await defaultSize(product)])).toEqual(before);

    const off = StaffOrder.parse((await edit(owner, placed.id, { ...fewer, remove_promotion: true })).json());
    expect(off).toMatchObject({ promo_code: null, discount: 0, subtotal: 200 });
    const [left] = await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM promotion_uses WHERE order_id = ${placed.id}`);
    expect(left!.n).toBe(0);
  });

  it('keeps the points spent within the goods and gives the rest back in the ledger; points earned follow', async () => {
    const manager = await signedInStaff(t, 'manager');
    const s = await f.shopperWithAddress();
    const product = await f.productWithStock(5, 20_000);
    const rates = await shopRates((await f.cairo()).region);
    // As many points as two units cost: all of them spent on the order.
    const balance = Math.floor(40_000 / rates.point_value);
    await db().rows(sql`UPDATE users SET points = ${balance} WHERE id = ${s.user.id}`);
    await db().rows(sql`INSERT INTO points_ledger (user_id, change, reason) VALUES (${s.user.id}, ${balance}, 'adjustment')`);
    const { placed } = await placedOrder([[product, 2]], { use_points: balance }, s);
    const spent = balance;
    expect(placed.points_used).toBe(spent);

    const order = StaffOrder.parse((await edit(manager, placed.id, { version: 1, items: [{ product, quantity: 1 }] })).json());
    const expected = orderAmounts(
      { subtotal: 20_000, discount: 0, pointsOffered: spent, regionFee: rates.fee, giftWrap: false, earnsPoints: true },
      { pointValue: rates.point_value, piastresPerPoint: rates.per_point, freeShippingAfter: rates.free, giftWrapFee: 0 },
    );
    expect(order).toMatchObject({ points_used: expected.pointsUsed, points_earned: expected.pointsEarned, total: expected.total / 100 });
    const back = spent - expected.pointsUsed;
    expect(back).toBeGreaterThan(0);
    const [user] = await db().rows<{ points: number }>(sql`SELECT points FROM users WHERE id = ${s.user.id}`);
    expect(user!.points).toBe(balance - spent + back);
    const ledger = await db().rows<{ change: number }>(sql`
      SELECT change FROM points_ledger WHERE user_id = ${s.user.id} AND reason = 'returned_on_edit' AND order_number = ${placed.order_number}`);
    expect(ledger).toEqual([{ change: back }]);
  });

  it('refunds a paid order the difference when its total falls; a higher total leaves it owing what its payment kept not', async () => {
    const manager = await signedInStaff(t, 'manager');
    const s = await f.shopperWithAddress();
    const product = await f.productWithStock(5, 70_000);
    await s.post('/api/cart-products/', { product, quantity: 2 });
    const placed = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'card' })).json());
    expect((await f.payOnTestGateway(placed.id)).statusCode).toBeLessThan(400);
    const paid = await manager.order(placed.id);
    expect(paid.status).toBe('placed');

    const lower = { version: paid.version, items: [{ product, quantity: 1 }] };
    const owed = StaffOrderEditPreview.parse((await preview(manager, placed.id, lower)).json());
    const order = StaffOrder.parse((await edit(manager, placed.id, lower)).json());
    const difference = Math.round((paid.total - order.total) * 100);
    expect(difference).toBeGreaterThan(0);
    expect(owed).toMatchObject({ refund: difference / 100, balance_due: 0, refused: null });
    expect(order.payments[0]).toMatchObject({ amount: paid.total, refunded: difference / 100 });
    expect(order.payments[0]!.refunds).toEqual([expect.objectContaining({ amount: difference / 100, reason: 'order_edited' })]);

    // Back up to three: what the payment kept (the total it now stands for) is paid; the rest is owed (decision 0062).
    const higher = { version: order.version, items: [{ product, quantity: 3 }] };
    const shown = StaffOrderEditPreview.parse((await preview(manager, placed.id, higher)).json());
    const raised = StaffOrder.parse((await edit(manager, placed.id, higher)).json());
    const due = Math.round((raised.total - order.total) * 100) / 100;
    expect(shown).toMatchObject({ refused: null, refund: 0, balance_due: due });
    expect(raised).toMatchObject({ balance_due: due, payment_link: { state: 'payable', balance: true } });
    expect(raised.payments.map((payment) => [payment.purpose, payment.status, payment.amount])).toEqual([
      ['order', 'paid', paid.total],
      ['balance', 'pending', due],
    ]);
  });
});

describe('an edit refused changes nothing', () => {
  it('a stale version (409 with the order), a status past hand-over, a role that may not edit, bad input, stock short', async () => {
    const support = await signedInStaff(t, 'support');
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const product = await f.productWithStock(3, 20_000);
    const { placed } = await placedOrder([[product, 1]]);
    const size = await defaultSize(product);
    const before = await snapshot(placed.id, [size]);
    const items = [{ product, quantity: 2 }];

    const stale = await edit(support, placed.id, { version: 7, items });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'order_changed', order: { id: placed.id, version: 1 } });

    const notAllowed = await edit(fulfilment, placed.id, { version: 1, items });
    expect(notAllowed.statusCode).toBe(403);
    expect((await preview(fulfilment, placed.id, { version: 1, items })).statusCode).toBe(403);

    for (const bad of [
      { version: 1, items: [] },
      { version: 1, items: [{ product, quantity: 0 }] },
      { version: 1, items: [{ product, quantity: 1, offer: 1 }] },
      { version: 1, items: [{ product, variant: 2_000_000_000, quantity: 1 }] },
      {
        version: 1,
        items: [
          { product, quantity: 1 },
          { offer: 2_000_000_000, quantity: 1 },
        ],
      },
      { version: 1, items: [{ product, quantity: 1 }] },
      { version: 'one', items },
      { version: 1, items, delivery_fee: { amount: -5, reason: 'x' } },
      { version: 1, items, delivery_fee: { amount: 1.234, reason: 'x' } },
    ]) {
      const response = await edit(support, placed.id, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }

    const short = await edit(support, placed.id, { version: 1, items: [{ product, quantity: 5 }] });
    expect(short.statusCode).toBe(409);
    expect(StockConflictBody.parse(short.json()).lines).toEqual([
      expect.objectContaining({ id: product, variant: size, requested: 5, available: 3 }),
    ]);
    const shown = StaffOrderEditPreview.parse(
      (await preview(support, placed.id, { version: 1, items: [{ product, quantity: 5 }] })).json(),
    );
    expect(shown.short).toEqual([expect.objectContaining({ requested: 5, available: 3 })]);
    expect(await snapshot(placed.id, [size])).toEqual(before);

    expect((await edit(support, 2_000_000_000, { version: 1, items })).statusCode).toBe(404);

    const manager = await signedInStaff(t, 'manager');
    for (const [action, body] of [['confirm'], ['pack'], ['ship', { courier: 'Mandoub', tracking_number: `E-${placed.id}` }]] as const) {
      expect((await manager.act(placed.id, action, body)).statusCode).toBe(200);
    }
    const shipped = await manager.order(placed.id);
    const afterHandOver = await snapshot(placed.id, [size]);
    const late = await edit(manager, placed.id, { version: shipped.version, items });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'order_not_editable' });
    expect(await snapshot(placed.id, [size])).toEqual(afterHandOver);
  });
});
