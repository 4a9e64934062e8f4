import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, ProductDetail, Review, ReviewHelpful, ReviewPage, StaffReviewPage, StaffReviewRow, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

// A long micro-cache: only the change notice a review sends can explain a guest seeing it at once.
const t = useTestApp({ CATALOGUE_CACHE_MS: '600000' });
const f = orderFixtures(t);
const guest = () => client(t.app);

type Shopper = Awaited<ReturnType<typeof f.shopperWithAddress>>;

let fulfilment: StaffCaller | undefined;
/** Places `s`'s order of `productId` and takes it through to delivered, or only to shipped. */
async function orderOf(s: Shopper, productId: number, until: 'delivered' | 'shipped' = 'delivered') {
  await s.post('/api/cart-products/', { product: productId, quantity: 1 });
  const placed = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'cod' })).json());
  fulfilment ??= await signedInStaff(t, 'fulfilment');
  const steps: [string, Record<string, unknown>][] = [
    ['confirm', {}],
    ['pack', {}],
    ['ship', { courier: 'Bosta', tracking_number: 'BST-9' }],
  ];
  if (until === 'delivered') steps.push(['deliver', { cash_collected: placed.total }]);
  for (const [action, body] of steps) expect((await fulfilment.act(placed.id, action, body)).statusCode, action).toBe(200);
}

/** A fresh product and a slug to call it by. */
async function freshProduct() {
  const id = await f.productWithStock(20, 50_000);
  const [row] = await f.db().rows<{ slug: string }>(sql`SELECT slug FROM products WHERE id = ${id}`);
  return { id, slug: row!.slug };
}

/** A shopper who received `product`. */
async function buyerOf(product: { id: number }) {
  const s = await f.shopperWithAddress();
  await orderOf(s, product.id);
  return s;
}

const reviewsUrl = (slug: string, query = '') => `/api/products/${slug}/reviews/${query}`;
const pageFor = async (slug: string, s?: { get(url: string): Promise<{ json(): unknown }> }, query = '') =>
  ReviewPage.parse((await (s ?? guest()).get(reviewsUrl(slug, query))).json());
const reviewRows = async (productId: number) =>
  f
    .db()
    .rows<{ id: number; rating: number; body: string; helpful_count: number }>(
      sql`SELECT id, rating, body, helpful_count FROM reviews WHERE product_id = ${productId} ORDER BY id`,
    );

/** Reads until `done` holds (a change notice arrives after its commit, asynchronously), for at most 3 s. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 3000;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}
const guestRating = (slug: string) => async () => ProductDetail.parse((await guest().get(`/api/products/${slug}/`)).json()).rating;

describe('writing a review', () => {
  it('is refused without a delivered order of the product, and nothing is written', async () => {
    const product = await freshProduct();
    const review = { rating: 5, text: 'Lovely.' };
    expect((await guest().post(reviewsUrl(product.slug), review)).statusCode).toBe(401);

    const stranger = await f.shopperWithAddress();
    const refused = await stranger.post(reviewsUrl(product.slug), review);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_delivered', detail: 'You can review products you have received.' });

    // On its way is not received; another product delivered does not count either.
    await orderOf(stranger, product.id, 'shipped');
    await orderOf(stranger, (await freshProduct()).id);
    expect((await stranger.post(reviewsUrl(product.slug), review)).statusCode).toBe(403);
    const arabic = await stranger.call({
      method: 'POST',
      url: reviewsUrl(product.slug),
      body: review,
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json()).toMatchObject({ code: 'not_delivered', detail: 'يمكنك تقييم المنتجات التي استلمتها.' });
    expect((await pageFor(product.slug, stranger)).can_review).toBe(false);

    expect((await stranger.post(reviewsUrl('no-such-product'), review)).statusCode).toBe(404);
    expect((await guest().get(reviewsUrl('no-such-product'))).statusCode).toBe(404);
    expect(await reviewRows(product.id)).toEqual([]);
  });

  it('by a shopper who received the product: 201, then a second one edits the same review (200)', async () => {
    const product = await freshProduct();
    expect(await guestRating(product.slug)()).toBeNull();
    const buyer = await buyerOf(product);
    expect(await pageFor(product.slug, buyer)).toMatchObject({ count: 0, average: null, mine: null, can_review: true });

    const first = await buyer.post(reviewsUrl(product.slug), { rating: 4, text: '  Warm amber, lasts all day.  ' });
    expect(first.statusCode, first.body).toBe(201);
    const created = Review.parse(first.json());
    expect(created).toMatchObject({ rating: 4, text: 'Warm amber, lasts all day.', language: 'en', verified_buyer: true, is_mine: true });
    expect(created.author).toBe(`${buyer.user.name.split(' ')[0]} ${buyer.user.name.split(' ').at(-1)![0]}.`);

    // The guests' cached product page learns of it at once (the review's change notice).
    expect(await settled(guestRating(product.slug), (rating) => rating !== null)).toEqual({ average: 4, count: 1 });

    const second = await buyer.post(reviewsUrl(product.slug), { rating: 2, text: 'بعد أسبوع: يتلاشى بسرعة.' });
    expect(second.statusCode, second.body).toBe(200);
    const edited = Review.parse(second.json());
    expect(edited).toMatchObject({ id: created.id, rating: 2, language: 'ar', created_at: created.created_at });
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(await reviewRows(product.id)).toHaveLength(1);
    expect(await settled(guestRating(product.slug), (rating) => rating?.average === 2)).toEqual({ average: 2, count: 1 });

    const page = await pageFor(product.slug);
    expect(page).toMatchObject({ count: 1, average: 2, mine: null, can_review: false, next: null, previous: null });
    expect(page.results[0]).toMatchObject({ id: created.id, is_mine: false, found_helpful: false, reply: null });
    expect((await pageFor(product.slug, buyer)).mine).toMatchObject({ id: created.id, is_mine: true });
  });

  it('counts an offer with the product in it as having received it', async () => {
    const product = await freshProduct();
    const [offer] = await f.db().rows<{ id: number }>(sql`
      WITH o AS (INSERT INTO offers (slug, name_en, name_ar, description_en, description_ar, price_piastres, original_price_piastres,
          stock, image, image_desktop, image_mobile)
        VALUES ('offer-' || md5(random()::text), 'Duo', 'ثنائي', 'd', 'د', 40000, 50000, 5, 'x.webp', 'x.webp', 'x.webp') RETURNING id)
      INSERT INTO offer_items (offer_id, product_id, variant_id, quantity)
      SELECT o.id, ${product.id}, (SELECT id FROM product_variants WHERE product_id = ${product.id}), 1 FROM o RETURNING offer_id AS id`);
    const s = await f.shopperWithAddress();
    await s.post('/api/cart-offers/', { offer: offer!.id, quantity: 1 });
    const placed = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'cod' })).json());
    fulfilment ??= await signedInStaff(t, 'fulfilment');
    for (const [action, body] of [
      ['confirm', {}],
      ['pack', {}],
      ['ship', { courier: 'Bosta', tracking_number: 'BST-10' }],
      ['deliver', { cash_collected: placed.total }],
    ] as const) {
      expect((await fulfilment.act(placed.id, action, body)).statusCode, action).toBe(200);
    }
    expect((await s.post(reviewsUrl(product.slug), { rating: 5, text: 'Came in the duo.' })).statusCode).toBe(201);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const product = await freshProduct();
    const buyer = await buyerOf(product);
    expect((await buyer.post(reviewsUrl(product.slug), { rating: 3, text: 'Fine.' })).statusCode).toBe(201);
    const bad: [unknown, string][] = [
      [{ rating: 0, text: 'x' }, 'rating'],
      [{ rating: 6, text: 'x' }, 'rating'],
      [{ rating: 2.5, text: 'x' }, 'rating'],
      [{ rating: '5', text: 'x' }, 'rating'],
      [{ rating: 5, text: '   ' }, 'text'],
      [{ rating: 5, text: 'x'.repeat(2001) }, 'text'],
      [{ rating: 5 }, 'text'],
      [{ text: 'x' }, 'rating'],
    ];
    for (const [body, field] of bad) {
      const answer = await buyer.post(reviewsUrl(product.slug), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json() as object), JSON.stringify(body)).toContain(field);
    }
    expect((await buyer.post(reviewsUrl(product.slug), { rating: 5, text: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect((await reviewRows(product.id)).map((row) => [row.rating, row.body.length])).toEqual([[5, 2000]]);
    for (const query of ['?ordering=best', '?page=0', '?page_size=101']) {
      expect((await guest().get(reviewsUrl(product.slug, query))).statusCode, query).toBe(400);
    }
  });
});

describe('the product page', () => {
  it('shows each buyer their own review, pages newest or most helpful first, and names a deleted account neutrally', async () => {
    const product = await freshProduct();
    const [amira, omar, layla] = [await buyerOf(product), await buyerOf(product), await buyerOf(product)];
    const ids: number[] = [];
    for (const [s, rating] of [
      [amira, 5],
      [omar, 4],
      [layla, 2],
    ] as const) {
      ids.push(Review.parse((await s.post(reviewsUrl(product.slug), { rating, text: `Rated ${rating}.` })).json()).id);
    }
    const all = await pageFor(product.slug);
    expect(all).toMatchObject({ count: 3, average: 3.7 });
    expect(all.results.map((review) => review.id)).toEqual([...ids].reverse());
    expect((await pageFor(product.slug, omar)).mine?.id).toBe(ids[1]);
    expect((await pageFor(product.slug, amira)).results.map((review) => review.is_mine)).toEqual([false, false, true]);

    const first = await pageFor(product.slug, undefined, '?page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    expect((await pageFor(product.slug, undefined, '?page_size=2&page=2')).results.map((review) => review.id)).toEqual([ids[0]]);
    expect((await pageFor(product.slug, undefined, '?page=9')).results).toEqual([]);

    // Amira's review found helpful by the other two: first when the most helpful come first.
    for (const s of [omar, layla]) expect((await s.post(`/api/reviews/${ids[0]}/helpful/`)).statusCode).toBe(200);
    expect((await pageFor(product.slug, undefined, '?ordering=helpful')).results.map((review) => review.id)).toEqual([
      ids[0],
      ids[2],
      ids[1],
    ]);

    // An account without a name (social sign-in may give none) is shown with a neutral label.
    await f.db().rows(sql`UPDATE users SET name = ' ' WHERE id = ${layla.user.id}`);
    const arabic = ReviewPage.parse((await guest().get(reviewsUrl(product.slug, '?lang=ar'))).json());
    expect(arabic.results.find((review) => review.id === ids[2])!.author).toBe('أحد العملاء');
    // (A signed-in reader's page is built afresh; guests' follows within the micro-cache's few seconds.)
    expect((await pageFor(product.slug, omar)).results.find((review) => review.id === ids[2])!.author).toBe('A shopper');
  });
});

describe('helpful votes', () => {
  it('toggle, keep the count with the votes, and are refused on your own review', async () => {
    const product = await freshProduct();
    const [author, reader] = [await buyerOf(product), await f.shopperWithAddress()];
    const { id } = Review.parse((await author.post(reviewsUrl(product.slug), { rating: 5, text: 'Superb.' })).json());
    const vote = async (s: Shopper) => s.post(`/api/reviews/${id}/helpful/`);

    expect((await guest().post(`/api/reviews/${id}/helpful/`)).statusCode).toBe(401);
    const own = await vote(author);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'own_review' });

    expect(ReviewHelpful.parse((await vote(reader)).json())).toEqual({ helpful_count: 1, found_helpful: true });
    expect((await pageFor(product.slug, reader)).results[0]).toMatchObject({ helpful_count: 1, found_helpful: true });
    expect(ReviewHelpful.parse((await vote(reader)).json())).toEqual({ helpful_count: 0, found_helpful: false });
    expect(ReviewHelpful.parse((await vote(reader)).json())).toEqual({ helpful_count: 1, found_helpful: true });
    const [votes] = await f.db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_votes WHERE review_id = ${id}`);
    expect(votes!.n).toBe((await reviewRows(product.id))[0]!.helpful_count);

    expect((await reader.post('/api/reviews/2147483647/helpful/')).statusCode).toBe(404);
    expect((await reader.post('/api/reviews/0/helpful/')).statusCode).toBe(400);
  });

  // PGlite runs one transaction at a time: there is no race to lose without PostgreSQL.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('from many shoppers at once are each counted once', async () => {
    const product = await freshProduct();
    const author = await buyerOf(product);
    const { id } = Review.parse((await author.post(reviewsUrl(product.slug), { rating: 4, text: 'Good.' })).json());
    const readers = await Promise.all(Array.from({ length: 6 }, () => f.shopperWithAddress()));
    await Promise.all(readers.map((s) => s.post(`/api/reviews/${id}/helpful/`)));
    expect((await reviewRows(product.id))[0]!.helpful_count).toBe(6);
  });
});

describe('moderation in the back office', () => {
  const auditRows = async (action: string, id: number) =>
    (
      await f.db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND entity_id = ${String(id)}`)
    )[0]!.n;

  it('is for owners, managers and support; fulfilment, shoppers and guests are refused and nothing changes', async () => {
    const product = await freshProduct();
    const buyer = await buyerOf(product);
    const { id } = Review.parse((await buyer.post(reviewsUrl(product.slug), { rating: 1, text: 'Not for me.' })).json());
    const writes: [string, string, unknown][] = [
      ['POST', `/api/staff/reviews/${id}/hide/`, {}],
      ['POST', `/api/staff/reviews/${id}/unhide/`, {}],
      ['PUT', `/api/staff/reviews/${id}/reply/`, { reply: 'Sorry to hear it.' }],
      ['DELETE', `/api/staff/reviews/${id}/reply/`, undefined],
    ];
    const refusedStaff = await signedInStaff(t, 'fulfilment');
    expect((await refusedStaff.get('/api/staff/reviews/')).statusCode).toBe(403);
    for (const [method, url, body] of writes) {
      expect((await refusedStaff.call(method as 'POST', url, body)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: method as 'POST', url, payload: body as object })).statusCode, url).toBe(401);
      expect((await buyer.call({ method, url, body })).statusCode, url).toBe(401);
    }
    expect((await t.app.inject('/api/staff/reviews/')).statusCode).toBe(401);
    expect(await f.db().rows(sql`SELECT 1 FROM reviews WHERE id = ${id} AND (hidden_at IS NOT NULL OR reply IS NOT NULL)`)).toEqual([]);

    for (const role of ['owner', 'manager', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      const listed = StaffReviewPage.parse((await staff.get(`/api/staff/reviews/?product=${product.id}`)).json());
      expect(
        listed.results.map((row) => row.id),
        role,
      ).toEqual([id]);
      for (const [method, url, body] of writes) {
        const answer = await staff.call(method as 'POST', url, body);
        expect(answer.statusCode, `${role} ${url}`).toBe(200);
        StaffReviewRow.parse(answer.json());
      }
    }
    for (const action of ['review.hide', 'review.unhide', 'review.reply', 'review.remove_reply']) {
      expect(await auditRows(action, id), action).toBe(3);
    }
  });

  it('hides a review from the page, its average and count, shows it again, and answers it in the shop’s name', async () => {
    const product = await freshProduct();
    const [happy, unhappy] = [await buyerOf(product), await buyerOf(product)];
    await happy.post(reviewsUrl(product.slug), { rating: 5, text: 'Wonderful oud.' });
    const { id } = Review.parse((await unhappy.post(reviewsUrl(product.slug), { rating: 1, text: 'Spam spam spam.' })).json());
    expect(await settled(guestRating(product.slug), (rating) => rating?.count === 2)).toEqual({ average: 3, count: 2 });
    const support = await signedInStaff(t, 'support');

    const hidden = StaffReviewRow.parse((await support.post(`/api/staff/reviews/${id}/hide/`)).json());
    expect(hidden.hidden_at).not.toBeNull();
    expect(hidden.hidden_by).toMatchObject({ id: support.id });
    expect(await settled(guestRating(product.slug), (rating) => rating?.count === 1)).toEqual({ average: 5, count: 1 });
    expect(await pageFor(product.slug)).toMatchObject({ count: 1, average: 5 });
    expect((await pageFor(product.slug)).results.map((review) => review.id)).not.toContain(id);
    // Its author still finds it to edit; editing does not bring it back; nobody may vote for it.
    expect((await pageFor(product.slug, unhappy)).mine?.id).toBe(id);
    expect((await unhappy.post(reviewsUrl(product.slug), { rating: 1, text: 'Spam again.' })).statusCode).toBe(200);
    expect((await pageFor(product.slug)).count).toBe(1);
    expect((await happy.post(`/api/reviews/${id}/helpful/`)).statusCode).toBe(404);
    // Hiding twice changes nothing more.
    expect((await support.post(`/api/staff/reviews/${id}/hide/`)).statusCode).toBe(200);
    expect(await auditRows('review.hide', id)).toBe(1);

    const filtered = async (query: string) =>
      StaffReviewPage.parse((await support.get(`/api/staff/reviews/?product=${product.id}&${query}`)).json()).results.map((row) => row.id);
    expect(await filtered('hidden=true')).toEqual([id]);
    expect(await filtered('hidden=false')).not.toContain(id);
    expect(await filtered('rating=1')).toEqual([id]);
    expect(await filtered('q=spam%20again')).toEqual([id]);
    expect(await filtered('q=100%25')).toEqual([]);
    expect((await support.get('/api/staff/reviews/?rating=9')).statusCode).toBe(400);

    await support.post(`/api/staff/reviews/${id}/unhide/`);
    expect(await settled(guestRating(product.slug), (rating) => rating?.count === 2)).toEqual({ average: 3, count: 2 });

    for (const reply of ['', ' ', 'x'.repeat(2001)]) {
      expect((await support.put(`/api/staff/reviews/${id}/reply/`, { reply })).statusCode).toBe(400);
    }
    expect((await support.put('/api/staff/reviews/2147483647/reply/', { reply: 'Hello' })).statusCode).toBe(404);
    expect(await auditRows('review.reply', id)).toBe(0);
    const replied = StaffReviewRow.parse((await support.put(`/api/staff/reviews/${id}/reply/`, { reply: 'We are sorry.' })).json());
    expect(replied).toMatchObject({ reply: 'We are sorry.', replied_by: { id: support.id } });
    const shown = (await pageFor(product.slug)).results.find((review) => review.id === id)!;
    expect(shown.reply).toMatchObject({ text: 'We are sorry.' });
  });
});
