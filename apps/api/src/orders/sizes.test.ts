import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Cart, CartMergeResponse, CartProductLine, Offer, Order, StaffOrder } from '@attar/contract';
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
  it('puts each size in the bag as its own line at its own price; the plain {product, quantity} is the default size', async () => {
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

  it('names the size that ran short, and reorders each line in the size it was ordered', async () => {
    const s = await shopperWithAddress();
    const { productId, small, large } = await twoSizes(10, 4);
    await s.post('/api/cart-products/', { product: productId, variant: small, quantity: 3 });
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    await db().rows(sql`UPDATE product_variants SET stock = 1 WHERE id = ${small}`);
    const short = await order(s, { address: s.addressId, payment_method: 'cod' });
    expect(short.statusCode).toBe(409);
    expect(short.json().lines).toEqual([
      { kind: 'product', id: productId, variant: small, size_ml: 30, name: expect.any(String), requested: 3, available: 1 },
    ]);

    await s.post('/api/cart-products/', { product: productId, variant: small, quantity: 1 });
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod' })).json());
    expect(placed.items.map((i) => [i.size_ml, i.quantity])).toEqual([
      [30, 1],
      [100, 1],
    ]);
    await db().rows(sql`UPDATE product_variants SET stock = 5 WHERE id = ${small}`);
    const cart = Cart.parse((await s.get(`/api/orders/${placed.id}/reorder/`)).json());
    expect(cart.products.map((l) => [l.variant.id, l.quantity])).toEqual([
      [small, 1],
      [large, 1],
    ]);
  });

  it('sells an offer holding a smaller size: its JSON names the size, the order takes that size’s stock and a cancel gives it back', async () => {
    const s = await shopperWithAddress();
    const { productId, small, large } = await twoSizes(10, 4);
    const [offer] = await db().rows<{ id: number; slug: string }>(sql`
      INSERT INTO offers (slug, name_en, name_ar, description_en, description_ar, price_piastres, original_price_piastres, stock,
        image, image_desktop, image_mobile)
      VALUES (${`duo-${productId}`}, 'Travel duo', 'ثنائي السفر', '', '', 200000, 240000, 5, 'o.webp', 'o.webp', 'o.webp')
      RETURNING id, slug`);
    await db().rows(
      sql`INSERT INTO offer_items (offer_id, product_id, variant_id, quantity) VALUES (${offer!.id}, ${productId}, ${small}, 2)`,
    );
    const shown = Offer.parse((await s.get(`/api/offers/${offer!.slug}`)).json());
    expect(shown.products.map((p) => [p.product.id, p.variant, p.ml, p.quantity])).toEqual([[productId, small, 30, 2]]);
    expect(shown.availability).toBe('offer');

    // An offer item's size must be its product's.
    const other = await twoSizes(1, 1);
    await expect(
      db().rows(sql`INSERT INTO offer_items (offer_id, product_id, variant_id) VALUES (${offer!.id}, ${productId}, ${other.small})`),
    ).rejects.toThrow();

    await s.post('/api/cart-offers/', { offer: offer!.id, quantity: 1 });
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod' })).json());
    expect([await sizeStock(small), await sizeStock(large)]).toEqual([2, 10]);
    const manager = await signedInStaff(t, 'manager');
    const version = (await manager.order(placed.id)).version;
    expect((await manager.post(`/api/staff/orders/${placed.id}/cancel/`, { version, reason: 'Asked by phone' })).statusCode).toBe(200);
    expect([await sizeStock(small), await sizeStock(large)]).toEqual([4, 10]);

    // Once the size runs short of a bundle, the offer is sold out, whatever the default size holds.
    await db().rows(sql`UPDATE product_variants SET stock = 1 WHERE id = ${small}`);
    expect(Offer.parse((await s.get(`/api/offers/${offer!.slug}`)).json()).availability).toBe('out_of_stock');
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

    const placed = StaffOrder.parse((await phoneOrder(small, '01277770002')).json());
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
