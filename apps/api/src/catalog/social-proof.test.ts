import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, ProductPage, SearchSuggestions } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';
import { BESTSELLER_COUNT, BESTSELLER_MIN_UNITS } from './bestsellers';
import { refreshSearchIndex } from './search';

const t = useTestApp();
const f = orderFixtures(t);
const guest = () => client(t.app);

/** A fresh product with a name of its own (so a search finds it alone) and its slug. */
async function namedProduct(name: string) {
  const id = await f.productWithStock(200, 50_000);
  const [row] = await f
    .db()
    .rows<{ slug: string }>(sql`UPDATE products SET name_en = ${name}, name_ar = ${name} WHERE id = ${id} RETURNING slug`);
  return { id, slug: row!.slug };
}

let shopper: Awaited<ReturnType<typeof f.shopperWithAddress>> | undefined;
/** Places one order of `units` of the product (placed, not yet delivered: it counts as sold) and returns its id. */
async function sell(productId: number, units: number): Promise<number> {
  shopper ??= await f.shopperWithAddress();
  expect((await shopper.post('/api/cart-products/', { product: productId, quantity: units })).statusCode).toBeLessThan(300);
  const placed = await f.order(shopper, { address: shopper.addressId, payment_method: 'cod' });
  expect(placed.statusCode).toBe(201);
  return Order.parse(placed.json()).id;
}

/** Reviews written straight into the table: who may write one is the reviews' own tests' concern. */
async function reviewed(productId: number, ratings: number[], hidden = false) {
  for (const rating of ratings) {
    const { user } = await signedInShopper(t.app);
    await f.db().rows(sql`INSERT INTO reviews (product_id, user_id, rating, body, locale, hidden_at)
      VALUES (${productId}, ${user.id}, ${rating}, 'Lovely.', 'en', ${hidden ? sql`now()` : sql`NULL`})`);
  }
}

const listed = async (ids: number[], lang = 'en') =>
  ProductPage.parse((await guest().get(`/api/products/?ids=${ids.join(',')}&lang=${lang}`)).json()).results;

describe('ratings on listed products', () => {
  it('give each product its visible reviews’ average and count, null without any, in one answer', async () => {
    const rated = await namedProduct('Zafferano Listed');
    const unrated = await namedProduct('Zafferano Unrated');
    await reviewed(rated.id, [4, 5, 5]);
    // A hidden review counts neither in the average nor in the count.
    await reviewed(rated.id, [1], true);

    for (const lang of ['en', 'ar']) {
      const results = await listed([rated.id, unrated.id], lang);
      expect(results.find((p) => p.id === rated.id)!.rating).toEqual({ average: 4.7, count: 3 });
      expect(results.find((p) => p.id === unrated.id)!.rating).toBeNull();
    }
    // The same page again comes from the documents the instance holds, with the rating as it is now.
    await reviewed(unrated.id, [3]);
    expect((await listed([unrated.id]))[0]!.rating).toEqual({ average: 3, count: 1 });
  });

  it('are in the search suggestions too', async () => {
    const rated = await namedProduct('Quetzalcoatl Rated');
    await reviewed(rated.id, [5, 4]);
    await refreshSearchIndex((query) => f.db().rows(query), [rated.id]);
    const suggestions = SearchSuggestions.parse((await guest().get('/api/products/suggestions/?search=quetzalcoatl')).json());
    expect(suggestions.products).toEqual([expect.objectContaining({ id: rated.id, rating: { average: 4.5, count: 2 } })]);
  });
});

describe('the bestseller badge', () => {
  it(`marks at most ${BESTSELLER_COUNT} products with at least ${BESTSELLER_MIN_UNITS} units sold in the last 30 days`, async () => {
    const few = await namedProduct('Few Units');
    const old = await namedProduct('Sold Long Ago');
    const cancelled = await namedProduct('Sold Then Cancelled');
    await sell(few.id, BESTSELLER_MIN_UNITS - 1);
    const oldOrder = await sell(old.id, 9);
    await f.db().rows(sql`UPDATE orders SET created_at = now() - interval '31 days' WHERE id = ${oldOrder}`);
    const cancelledOrder = await sell(cancelled.id, 9);
    await f.db().rows(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${cancelledOrder}`);

    // One more seller than there are badges: the one that sold least is left out.
    const sellers = [];
    for (let index = 0; index <= BESTSELLER_COUNT; index += 1) {
      const product = await namedProduct(`Seller ${index}`);
      await sell(product.id, BESTSELLER_MIN_UNITS + index);
      sellers.push(product);
    }
    const badged = (await listed([few.id, old.id, cancelled.id, ...sellers.map((each) => each.id)]))
      .filter((each) => each.bestseller)
      .map((each) => each.id);
    expect(badged.sort()).toEqual(
      sellers
        .slice(1)
        .map((each) => each.id)
        .sort(),
    );

    // Refunded units are not sold: the last seller, refunded down below the least, gives its badge back.
    const [last] = await f.db().rows<{ id: number }>(sql`
      UPDATE order_items SET refunded_quantity = quantity WHERE product_id = ${sellers.at(-1)!.id} RETURNING id`);
    expect(last).toBeDefined();
    const after = (await listed(sellers.map((each) => each.id))).filter((each) => each.bestseller).map((each) => each.id);
    expect(after.sort()).toEqual(
      sellers
        .slice(0, -1)
        .map((each) => each.id)
        .sort(),
    );
  });
});
