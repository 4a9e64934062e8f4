import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Cart, CartMergeResponse, CartOfferLine, CartProductLine, Product, ProductPage, WishListEntry } from '@attar/contract';
import { OFFERS, PRODUCTS } from '../db/seed/catalogue';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { signedInShopper } from '../test/shoppers';

const t = useTestApp();
const db = () => t.db.database;

async function productId(slug: string) {
  return (await db().rows<{ id: number }>(sql`SELECT id FROM products WHERE slug = ${slug}`))[0]!.id;
}
async function offerId(slug: string) {
  return (await db().rows<{ id: number }>(sql`SELECT id FROM offers WHERE slug = ${slug}`))[0]!.id;
}
const plenty = PRODUCTS.find((p) => p.stock >= 20)!;
const scarce = PRODUCTS.find((p) => p.stock >= 2 && p.stock <= 3)!;
const soldOut = PRODUCTS.find((p) => p.stock === 0)!;
const openOffer = OFFERS.find((o) => o.stock > 0)!;
const closedOffer = OFFERS.find((o) => o.stock === 0)!;

describe('cart product lines', () => {
  it('adds a line and sets its quantity when posted again (one line)', async () => {
    const s = await signedInShopper(t.app);
    const id = await productId(plenty.slug);
    const first = CartProductLine.parse((await s.post('/api/cart-products/', { product: id, quantity: 2 })).json());
    expect(first).toMatchObject({ quantity: 2, available: true, product_obj: { id, slug: plenty.slug } });
    const again = CartProductLine.parse((await s.post('/api/cart-products/', { product: id, quantity: 5 })).json());
    expect(again.id).toBe(first.id);
    expect(again.quantity).toBe(5);
    const same = CartProductLine.parse((await s.post('/api/cart-products/', { product: id, quantity: 5 })).json());
    expect(same.id).toBe(first.id);
    expect(z.array(CartProductLine).parse((await s.get('/api/cart-products/')).json())).toHaveLength(1);
  });

  it('refuses bad quantities with a field error and changes nothing', async () => {
    const s = await signedInShopper(t.app);
    const id = await productId(plenty.slug);
    for (const quantity of [0, -1, 1.5, '2', 10 ** 9, null]) {
      const response = await s.post('/api/cart-products/', { product: id, quantity });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json()).toHaveProperty('quantity');
    }
    expect((await s.get('/api/cart-products/')).json()).toEqual([]);
  });

  it('names what is available when asked for more than the stock, and refuses sold-out products', async () => {
    const s = await signedInShopper(t.app);
    const tooMany = await s.post('/api/cart-products/', { product: await productId(scarce.slug), quantity: scarce.stock + 1 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'insufficient_stock', available: scarce.stock });
    const none = await s.post('/api/cart-products/', { product: await productId(soldOut.slug), quantity: 1 });
    expect(none.json()).toMatchObject({ code: 'out_of_stock' });
    const unknown = await s.post('/api/cart-products/', { product: 999_999, quantity: 1 });
    expect(unknown.json()).toHaveProperty('product');
    expect((await s.get('/api/cart-products/')).json()).toEqual([]);
  });

  it('is for signed-in shoppers only', async () => {
    const guest = client(t.app);
    expect((await guest.post('/api/cart-products/', { product: 1, quantity: 1 })).statusCode).toBe(401);
    expect((await guest.get('/api/carts/me/')).statusCode).toBe(401);
  });

  it('lets nobody see or delete another shopper’s line', async () => {
    const a = await signedInShopper(t.app);
    const b = await signedInShopper(t.app);
    const line = CartProductLine.parse(
      (await a.post('/api/cart-products/', { product: await productId(plenty.slug), quantity: 1 })).json(),
    );
    expect((await b.get('/api/cart-products/')).json()).toEqual([]);
    const stolen = await b.delete(`/api/cart-products/${line.id}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'not_found' });
    expect((await a.get('/api/cart-products/')).json()).toHaveLength(1);
    expect((await a.delete(`/api/cart-products/${line.id}`)).statusCode).toBe(204);
    expect((await a.get('/api/cart-products/')).json()).toEqual([]);
    expect((await a.delete(`/api/cart-products/${line.id}`)).statusCode).toBe(404);
  });

  it('keeps exactly one line when 50 requests for one product race', async () => {
    const s = await signedInShopper(t.app);
    const id = await productId(plenty.slug);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.post('/api/cart-products/', { product: id, quantity: (i % 3) + 1 })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const lines = await db().rows<{ quantity: number }>(sql`
      SELECT quantity FROM cart_product_lines WHERE user_id = ${s.user.id} AND product_id = ${id}`);
    expect(lines).toHaveLength(1);
    expect([1, 2, 3]).toContain(lines[0]!.quantity);
  });
});

describe('cart offer lines', () => {
  it('adds, lists and removes offers, and refuses a sold-out offer', async () => {
    const s = await signedInShopper(t.app);
    const line = CartOfferLine.parse((await s.post('/api/cart-offers/', { offer: await offerId(openOffer.slug), quantity: 1 })).json());
    expect(line.offer_obj.slug).toBe(openOffer.slug);
    expect(z.array(CartOfferLine).parse((await s.get('/api/cart-offers/')).json())).toHaveLength(1);
    const closed = await s.post('/api/cart-offers/', { offer: await offerId(closedOffer.slug), quantity: 1 });
    expect(closed.json()).toMatchObject({ code: 'out_of_stock' });
    const other = await signedInShopper(t.app);
    expect((await other.delete(`/api/cart-offers/${line.id}`)).statusCode).toBe(404);
    expect((await s.delete(`/api/cart-offers/${line.id}`)).statusCode).toBe(204);
  });
});

describe('GET /api/carts/me/', () => {
  it('totals exactly, counts quantities and shows the free-shipping progress and points', async () => {
    const s = await signedInShopper(t.app);
    await s.post('/api/cart-products/', { product: await productId(plenty.slug), quantity: 3 });
    await s.post('/api/cart-offers/', { offer: await offerId(openOffer.slug), quantity: 1 });
    const cart = Cart.parse((await s.get('/api/carts/me/')).json());
    const subtotal = plenty.pricePiastres * 3 + openOffer.pricePiastres;
    expect(cart.count).toBe(4);
    expect(Math.round(cart.subtotal * 100)).toBe(subtotal);
    expect(cart.total).toBe(cart.subtotal);
    expect(cart.free_shipping_after).toBe(1500);
    expect(Math.round(cart.remaining_for_free_shipping * 100)).toBe(Math.max(0, 150_000 - subtotal));
    expect(cart.points_earned).toBe(Math.floor(subtotal / 1000));
  });

  it('shows a product unpublished since it was added as unavailable and leaves it out of the total', async () => {
    const s = await signedInShopper(t.app);
    const kept = PRODUCTS.filter((p) => p.stock >= 5)[3]!;
    const dropped = PRODUCTS.filter((p) => p.stock >= 5)[4]!;
    await s.post('/api/cart-products/', { product: await productId(kept.slug), quantity: 1 });
    await s.post('/api/cart-products/', { product: await productId(dropped.slug), quantity: 2 });
    await db().rows(sql`UPDATE products SET is_published = false WHERE slug = ${dropped.slug}`);
    try {
      const cart = Cart.parse((await s.get('/api/carts/me/')).json());
      expect(cart.products.find((l) => l.product_obj.slug === dropped.slug)).toMatchObject({
        available: false,
        product_obj: { availability: 'out_of_stock' },
      });
      expect(Math.round(cart.subtotal * 100)).toBe(kept.pricePiastres);
    } finally {
      await db().rows(sql`UPDATE products SET is_published = true WHERE slug = ${dropped.slug}`);
    }
  });
});

describe('a line above the stock left', () => {
  it('is lowered to the stock, says so in the answer that lowered it, and counts what it holds', async () => {
    const a = await signedInShopper(t.app);
    const b = await signedInShopper(t.app);
    const product = PRODUCTS.filter((p) => p.stock >= 5)[5]!;
    const id = await productId(product.slug);
    await a.post('/api/cart-products/', { product: id, quantity: 5 });
    await b.post('/api/cart-products/', { product: id, quantity: 1 });
    const [size] = await db().rows<{ id: number; stock: number }>(
      sql`SELECT id, stock FROM product_variants WHERE product_id = ${id} AND is_default`,
    );
    await db().rows(sql`UPDATE product_variants SET stock = 2 WHERE id = ${size!.id}`);
    try {
      const cart = Cart.parse((await a.get('/api/carts/me/')).json());
      expect(cart.products).toMatchObject([{ quantity: 2, reduced_from: 5, available: true }]);
      expect(cart.count).toBe(2);
      expect(Math.round(cart.subtotal * 100)).toBe(product.pricePiastres * 2);
      // Said once: the line now holds 2.
      expect((await a.get('/api/cart-products/')).json()).toMatchObject([{ quantity: 2, reduced_from: null }]);
      // Another shopper's line within the stock is untouched.
      expect((await b.get('/api/cart-products/')).json()).toMatchObject([{ quantity: 1, reduced_from: null }]);
    } finally {
      await db().rows(sql`UPDATE product_variants SET stock = ${size!.stock} WHERE id = ${size!.id}`);
    }
  });
});

describe('joining a guest cart at sign-in', () => {
  it('adds quantities, caps them at the stock, reports what could not be added, in one call', async () => {
    const s = await signedInShopper(t.app);
    const plentyId = await productId(plenty.slug);
    const scarceId = await productId(scarce.slug);
    await s.post('/api/cart-products/', { product: plentyId, quantity: 1 });
    const response = await s.post('/api/carts/merge/', {
      products: [
        { id: plentyId, quantity: 2 },
        { id: scarceId, quantity: scarce.stock + 4 },
        { id: await productId(soldOut.slug), quantity: 1 },
        { id: 999_999, quantity: 1 },
      ],
      offers: [{ id: await offerId(openOffer.slug), quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { cart, adjustments } = CartMergeResponse.parse(response.json());
    expect(cart.products.find((l) => l.product_obj.id === plentyId)!.quantity).toBe(3);
    expect(cart.products.find((l) => l.product_obj.id === scarceId)!.quantity).toBe(scarce.stock);
    expect(cart.offers).toHaveLength(1);
    expect(adjustments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: scarceId, requested: scarce.stock + 4, added: scarce.stock, reason: 'limited_stock' }),
        expect.objectContaining({ requested: 1, added: 0, reason: 'out_of_stock' }),
        expect.objectContaining({ id: 999_999, reason: 'unavailable' }),
      ]),
    );
    expect(adjustments).toHaveLength(3);
  });

  it('refuses a malformed guest cart and changes nothing', async () => {
    const s = await signedInShopper(t.app);
    const response = await s.post('/api/carts/merge/', { products: [{ id: 'x', quantity: -1 }] });
    expect(response.statusCode).toBe(400);
    expect((await s.get('/api/cart-products/')).json()).toEqual([]);
  });
});

describe('favourites', () => {
  it('toggles, lists, and marks products as the shopper’s favourite (only for them)', async () => {
    const a = await signedInShopper(t.app);
    const b = await signedInShopper(t.app);
    const id = await productId(plenty.slug);
    expect((await a.post('/api/user_wish_lists/', { product_write: id })).json()).toEqual({ product: id, favorited: true });
    const list = z.array(WishListEntry).parse((await a.get('/api/user_wish_lists/')).json());
    expect(list.map((e) => e.product.id)).toEqual([id]);
    expect(list[0]!.product.isFavourite).toBe(true);
    expect((await b.get('/api/user_wish_lists/')).json()).toEqual([]);
    expect(Product.parse((await a.get(`/api/products/${plenty.slug}/`)).json()).isFavourite).toBe(true);
    expect(Product.parse((await b.get(`/api/products/${plenty.slug}/`)).json()).isFavourite).toBe(false);
    const page = ProductPage.parse((await client(t.app).get('/api/products/?page_size=100')).json());
    expect(page.results.every((p) => !p.isFavourite)).toBe(true);
    expect((await a.post('/api/user_wish_lists/', { product_write: id })).json()).toEqual({ product: id, favorited: false });
    expect((await a.get('/api/user_wish_lists/')).json()).toEqual([]);
  });

  it('needs a token and a real product', async () => {
    expect((await client(t.app).post('/api/user_wish_lists/', { product_write: 1 })).statusCode).toBe(401);
    const s = await signedInShopper(t.app);
    const response = await s.post('/api/user_wish_lists/', { product_write: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('product_write');
  });

  it('suggests in-stock products like the favourites and cart, never what is already in the cart', async () => {
    const s = await signedInShopper(t.app);
    expect((await s.get('/api/carts/like/')).json()).toEqual([]);
    const favourite = PRODUCTS.find((p) => p.stock > 0 && p.type === 'perfume')!;
    const inCart = PRODUCTS.find((p) => p.stock > 5 && p.familySlug === favourite.familySlug && p.slug !== favourite.slug)!;
    await s.post('/api/user_wish_lists/', { product_write: await productId(favourite.slug) });
    await s.post('/api/cart-products/', { product: await productId(inCart.slug), quantity: 1 });
    const suggestions = z.array(Product).parse((await s.get('/api/carts/like/')).json());
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions[0]!.slug).toBe(favourite.slug);
    expect(suggestions.some((p) => p.slug === inCart.slug)).toBe(false);
    expect(suggestions.every((p) => p.availability === 'available')).toBe(true);
  });
});
