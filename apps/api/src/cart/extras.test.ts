import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CartExtras, DataExport, Order } from '@attar/contract';
import { GIFT_MESSAGE_MAX, ORDER_NOTES_MAX } from '@attar/contract/rules';
import { useTestApp } from '../test/app';
import { client, lastCode } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';

const t = useTestApp();
const { db, productWithStock, shopperWithAddress, order } = orderFixtures(t);
const PATH = '/api/carts/me/extras/';
type Shopper = Awaited<ReturnType<typeof signedInShopper>>;

const put = (s: Shopper, body: unknown) => s.call({ method: 'PUT', url: PATH, body });
const extrasOf = async (s: Shopper) => CartExtras.parse((await s.get(PATH)).json());
const keptRows = async (userId: number) =>
  (await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM cart_extras WHERE user_id = ${userId}`))[0]!.n;

const EMPTY = { gift_wrap: false, gift_message: '', notes: '' };
const CHOSEN = { gift_wrap: true, gift_message: 'Happy birthday, Mona', notes: 'Ring twice' };

describe('the extras kept with the cart', () => {
  it('are empty at first, kept as put, and the empty extras keep nothing', async () => {
    const s = await signedInShopper(t.app);
    expect(await extrasOf(s)).toEqual(EMPTY);
    const saved = await put(s, CHOSEN);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(CartExtras.parse(saved.json())).toEqual(CHOSEN);
    expect(await extrasOf(s)).toEqual(CHOSEN);
    expect(CartExtras.parse((await put(s, { ...CHOSEN, notes: 'Leave it with the doorman' })).json()).notes).toBe(
      'Leave it with the doorman',
    );
    expect((await put(s, EMPTY)).json()).toEqual(EMPTY);
    expect(await keptRows(s.user.id)).toBe(0);
  });

  it('are the owner’s only: another shopper neither sees nor changes them', async () => {
    const a = await signedInShopper(t.app);
    const b = await signedInShopper(t.app);
    await put(a, CHOSEN);
    expect(await extrasOf(b)).toEqual(EMPTY);
    await put(b, { ...EMPTY, notes: 'B’s notes' });
    expect(await extrasOf(a)).toEqual(CHOSEN);
    expect((await extrasOf(b)).notes).toBe('B’s notes');
  });

  it('need a signed-in shopper', async () => {
    const guest = client(t.app);
    expect((await guest.get(PATH)).statusCode).toBe(401);
    expect((await guest.call({ method: 'PUT', url: PATH, body: CHOSEN })).statusCode).toBe(401);
  });

  it('refuse what an order would refuse, naming the field, and change nothing', async () => {
    const s = await signedInShopper(t.app);
    await put(s, CHOSEN);
    const tooLong = [
      { ...CHOSEN, gift_message: 'x'.repeat(GIFT_MESSAGE_MAX + 1) },
      { ...CHOSEN, notes: 'x'.repeat(ORDER_NOTES_MAX + 1) },
      { ...CHOSEN, gift_wrap: 'yes' },
      { gift_wrap: true },
    ];
    for (const body of tooLong) {
      const response = await put(s, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await put(s, tooLong[0])).json()).toHaveProperty('gift_message');
    expect((await put(s, tooLong[1])).json()).toHaveProperty('notes');
    expect(await extrasOf(s)).toEqual(CHOSEN);
    // The longest allowed fits the database's own limits too.
    const longest = { gift_wrap: false, gift_message: 'م'.repeat(GIFT_MESSAGE_MAX), notes: 'n'.repeat(ORDER_NOTES_MAX) };
    expect((await put(s, longest)).statusCode).toBe(200);
  });

  it('are refused by the database beyond the order’s limits', async () => {
    const s = await signedInShopper(t.app);
    await expect(
      db().rows(sql`INSERT INTO cart_extras (user_id, notes) VALUES (${s.user.id}, ${'x'.repeat(ORDER_NOTES_MAX + 1)})`),
    ).rejects.toThrow();
    await expect(
      db().rows(sql`INSERT INTO cart_extras (user_id, gift_message) VALUES (${s.user.id}, ${'x'.repeat(GIFT_MESSAGE_MAX + 1)})`),
    ).rejects.toThrow();
  });

  it('go with the cart when an order is placed from it, and stay when the order is refused', async () => {
    const s = await shopperWithAddress();
    const productId = await productWithStock(5);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    await put(s, CHOSEN);
    // A refused order (a way to pay the shop does not take) rolls back with nothing taken.
    const refused = await order(s, { address: s.addressId, payment_method: 'bitcoin' });
    expect(refused.statusCode).toBe(400);
    expect(await extrasOf(s)).toEqual(CHOSEN);

    const placed = await order(s, {
      address: s.addressId,
      payment_method: 'cod',
      gift: { wrap: true, message: CHOSEN.gift_message },
      notes: CHOSEN.notes,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Order.parse(placed.json())).toMatchObject({ notes: CHOSEN.notes, gift: { wrap: true, message: CHOSEN.gift_message } });
    expect(await extrasOf(s)).toEqual(EMPTY);
    expect(await keptRows(s.user.id)).toBe(0);
  });

  it('are cleared in the order’s own transaction: an order that fails late keeps them', async () => {
    const s = await shopperWithAddress();
    const productId = await productWithStock(5);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    await put(s, CHOSEN);
    // The last statement of the order's transaction fails: everything before it, the extras' deletion included, is undone.
    await db().rows(sql`CREATE FUNCTION refuse_message() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await db().rows(sql`CREATE TRIGGER refuse_message BEFORE INSERT ON queued_messages FOR EACH ROW EXECUTE FUNCTION refuse_message()`);
    try {
      const failed = await order(s, { address: s.addressId, payment_method: 'cod', notes: CHOSEN.notes });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await db().rows(sql`DROP TRIGGER refuse_message ON queued_messages`);
      await db().rows(sql`DROP FUNCTION refuse_message()`);
    }
    expect(await extrasOf(s)).toEqual(CHOSEN);
  });

  it('join the account from a guest at sign-in only when it has none', async () => {
    const s = await signedInShopper(t.app);
    const merged = await s.post('/api/carts/merge/', { products: [], offers: [], extras: CHOSEN });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await extrasOf(s)).toEqual(CHOSEN);
    await s.post('/api/carts/merge/', { products: [], offers: [], extras: { ...EMPTY, notes: 'another browser' } });
    expect(await extrasOf(s)).toEqual(CHOSEN);
    const bad = await s.post('/api/carts/merge/', { extras: { ...CHOSEN, notes: 'x'.repeat(ORDER_NOTES_MAX + 1) } });
    expect(bad.statusCode).toBe(400);
  });

  it('are in the account’s data export and erased with the account', async () => {
    const s = await signedInShopper(t.app);
    const other = await signedInShopper(t.app);
    await put(s, CHOSEN);
    await put(other, CHOSEN);
    const exported = DataExport.parse((await s.get('/api/users/me/export/')).json());
    expect(exported.cart_extras).toMatchObject(CHOSEN);
    expect(DataExport.parse((await signedInShopper(t.app).then((n) => n.get('/api/users/me/export/'))).json()).cart_extras).toBeNull();

    await s.post('/api/users/me/delete/send_code/');
    const code = await lastCode(db(), s.user.email);
    const deleted = await s.call({ method: 'DELETE', url: '/api/users/me/', body: { code } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await keptRows(s.user.id)).toBe(0);
    expect(await keptRows(other.user.id)).toBe(1);
  });
});
