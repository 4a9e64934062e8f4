import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Cart, CartMergeResponse, CartProductLine, Order } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
const { db, cairo, productWithStock, shopperWithAddress, order } = orderFixtures(t);

/** A product in 100 ml (its default, 3,000 LE) and 30 ml (1,200 LE), each with its own stock. */
async function twoSizes(large: number, small: number) {
  const productId = await productWithStock(large, 300_000);
  const [row] = await db().rows<{ id: number }>(sql`
    INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock)
    VALUES (${productId}, (SELECT id FROM sizes WHERE ml = 30), ${`TEST-${productId}-30`}, 120000, ${small}) RETURNING id`);
  const [fallback] = await db().rows<{ id: number }>(sql`SELECT id FROM product_variants WHERE product_id = ${productId} AND is_default`);
  return { productId, small: row!.id, large: fallback!.id };
}
const sizeStock = async (variantId: number) =>
  (await db().rows<{ stock: number }>(sql`SELECT stock FROM product_variants WHERE id = ${variantId}`))[0]!.stock;

describe('buying a size', () => {
  it('puts each size in the bag as its own line at its own price; the spec’s {product, quantity} is the default size', async () => {
    const s = await shopperWithAddress();
    const { productId, small, large } = await twoSizes(10, 4);
    const line = CartProductLine.parse((await s.post('/api/cart-products/', { product: productId, variant: small, quantity: 2 })).json());
    expect(line.variant).toMatchObject({ id: small, ml: 30, price: 1200, stock: 4, is_default: false });
    expect((await s.post('/api/cart-products/', { product: productId, quantity: 1 })).statusCode).toBe(200);
    const cart = Cart.parse((await s.get('/api/carts/me/')).json());
    expect(cart.products.map((l) => [l.variant.id, l.quantity])).toEqual([
      [small, 2],
      [large, 1],
    ]);
    expect(cart.subtotal).toBe(2 * 1200 + 3000);

    // More than that size has, a size of another product, a size that does not exist: 400, the bag unchanged.
    const over = await s.post('/api/cart-products/', { product: productId, variant: small, quantity: 5 });
    expect(over.json()).toMatchObject({ code: 'insufficient_stock', available: 4 });
    const other = await twoSizes(1, 1);
    for (const variant of [other.small, 99_999_999]) {
      const wrong = await s.post('/api/cart-products/', { product: productId, variant, quantity: 1 });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toHaveProperty('variant');
    }
    expect(Cart.parse((await s.get('/api/carts/me/')).json()).products).toHaveLength(2);
  });

  it('joins a guest’s bag, size by size, capped at each size’s stock', async () => {
    const s = await shopperWithAddress();
    const { productId, small, large } = await twoSizes(10, 2);
    const merged = CartMergeResponse.parse(
      (
        await s.post('/api/carts/merge/', {
          products: [
            { id: productId, variant: small, quantity: 3 },
            { id: productId, quantity: 1 },
          ],
        })
      ).json(),
    );
    expect(merged.cart.products.map((l) => [l.variant.id, l.quantity])).toEqual([
      [small, 2],
      [large, 1],
    ]);
    expect(merged.adjustments).toEqual([expect.objectContaining({ id: productId, requested: 3, added: 2, reason: 'limited_stock' })]);
  });

  it('takes stock from the size bought and records it on the order; cancelling gives it back to that size', async () => {
    const s = await shopperWithAddress();
    const { productId, small, large } = await twoSizes(10, 4);
    await s.post('/api/cart-products/', { product: productId, variant: small, quantity: 3 });
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod' })).json());
    expect(placed.items.map((i) => [i.size_ml, i.quantity, i.price])).toEqual([[30, 3, 1200]]);
    expect([await sizeStock(small), await sizeStock(large)]).toEqual([1, 10]);

    const manager = await signedInStaff(t, 'manager');
    const version = (await manager.order(placed.id)).version;
    expect((await manager.post(`/api/staff/orders/${placed.id}/cancel/`, { version, reason: 'Asked by phone' })).statusCode).toBe(200);
    expect([await sizeStock(small), await sizeStock(large)]).toEqual([4, 10]);
  });

  it('takes an order naming a size for a new customer (by phone), and refuses a size that is not the product’s', async () => {
    const { productId, small, large } = await twoSizes(10, 4);
    const other = await twoSizes(1, 1);
    const support = await signedInStaff(t, 'support');
    const phoneOrder = async (variant: number, phone: string) =>
      support.call('POST', '/api/staff/orders/phone/', {
        customer: { name: 'Hoda Samir', phone },
        address: { name: 'Hoda Samir', phone, street: '12 Tahrir Street', ...(await cairo()) },
        items: [{ product: productId, variant, quantity: 2 }],
        language: 'en',
      });
    const wrong = await phoneOrder(other.small, '01277770001');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('items');
    expect(await sizeStock(small)).toBe(4);

    const placed = Order.parse((await phoneOrder(small, '01277770002')).json());
    expect(placed.items.map((i) => [i.size_ml, i.quantity, i.price])).toEqual([[30, 2, 1200]]);
    expect([await sizeStock(small), await sizeStock(large)]).toEqual([2, 10]);
  });

  it('200 orders racing for the last 5 of one size: exactly 5 placed, the other size untouched', async () => {
    const { productId, small, large } = await twoSizes(1000, 5);
    const shoppers = await Promise.all(Array.from({ length: 200 }, () => shopperWithAddress()));
    for (const s of shoppers) await s.post('/api/cart-products/', { product: productId, variant: small, quantity: 1 });
    const results = await Promise.all(shoppers.map((s) => order(s, { address: s.addressId, payment_method: 'cod' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'stock_conflict' });
    expect([await sizeStock(small), await sizeStock(large)]).toEqual([0, 1000]);
  }, 300_000);
});
