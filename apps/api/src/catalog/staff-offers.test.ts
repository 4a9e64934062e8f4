import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Offer, StaffOffer, StaffOfferPage, type StaffOfferCreate } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { givePicture } from '../test/pictures';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);

/** Two fresh products (100 ml, 300 LE and 500 LE) and an offer of one of each at 700 LE. */
async function offerFields(overrides: Partial<StaffOfferCreate> = {}): Promise<StaffOfferCreate> {
  const sizes = [];
  for (const price of [30_000, 50_000]) {
    const productId = await f.productWithStock(10, price);
    const [size] = await f.db().rows<{ id: number }>(sql`SELECT id FROM product_variants WHERE product_id = ${productId}`);
    sizes.push(size!.id);
  }
  return {
    slug: `duo-${Date.now()}-${sizes[0]}`,
    name_en: 'Evening Duo',
    name_ar: 'ثنائي المساء',
    description_en: 'Two for the evening.',
    description_ar: 'عطران للمساء.',
    price: 700,
    stock: 4,
    items: sizes.map((size) => ({ size, quantity: 1 })),
    ...overrides,
  };
}
async function create(staff: StaffCaller, fields: StaffOfferCreate) {
  const response = await staff.post('/api/staff/offers/', fields);
  expect(response.statusCode, response.body).toBe(201);
  return StaffOffer.parse(response.json());
}
const offerCount = async () => (await f.db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM offers`))[0]!.n;

describe('offers in the back office', () => {
  it('are for owners and managers only', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect((await fulfilment.get('/api/staff/offers/')).statusCode).toBe(403);
    expect((await fulfilment.post('/api/staff/offers/', {})).statusCode).toBe(403);
    expect((await t.app.inject('/api/staff/offers/')).statusCode).toBe(401);
  });

  it('are put together as drafts, priced at most their parts, published, and listed', async () => {
    const manager = await signedInStaff(t, 'manager');
    const fields = await offerFields();
    const offer = await create(manager, fields);
    expect(offer).toMatchObject({ state: 'draft', price: 700, original_price: 800, stock: 4, version: 1 });
    expect(offer.items.map((item) => [item.price, item.quantity, item.ml])).toEqual([
      [300, 1, 100],
      [500, 1, 100],
    ]);
    expect((await t.app.inject(`/api/offers/${offer.slug}/`)).statusCode).toBe(404);

    // Its own picture first: the placeholder is not published.
    expect((await manager.post(`/api/staff/offers/${offer.id}/publication/`, { state: 'published', version: 1 })).json()).toEqual({
      images: ['Upload at least one picture before publishing.'],
    });
    const pictured = await givePicture(manager, 'offers', offer);
    expect(pictured.images).toHaveLength(1);
    const published = await manager.post(`/api/staff/offers/${offer.id}/publication/`, { state: 'published', version: 2 });
    expect(published.statusCode, published.body).toBe(200);
    const shown = Offer.parse((await t.app.inject(`/api/offers/${offer.slug}/?lang=ar`)).json());
    expect(shown).toMatchObject({ name: 'ثنائي المساء', price: 700, original_price: 800, availability: 'offer' });
    const list = StaffOfferPage.parse((await manager.get(`/api/staff/offers/?search=${encodeURIComponent('ثنائي')}&page_size=100`)).json());
    expect(list.results.map((each) => each.id)).toContain(offer.id);
  });

  it('refuses an offer above its parts, unknown parts or a slug in use, in the caller’s language, saving nothing', async () => {
    const owner = await signedInStaff(t, 'owner');
    const taken = await create(owner, await offerFields());
    const before = await offerCount();
    const refused = async (fields: StaffOfferCreate, lang = 'en') => {
      const response = await owner.call('POST', '/api/staff/offers/', fields, { 'accept-language': lang });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as Record<string, string[]>;
    };
    expect(await refused(await offerFields({ price: 800.01 }))).toEqual({
      price: ['An offer cannot cost more than its parts together (800 LE).'],
    });
    expect(await refused(await offerFields({ price: 900 }), 'ar')).toEqual({
      price: ['لا يمكن أن يزيد سعر العرض على سعر مكوناته معًا (٨٠٠ ج.م).'],
    });
    const fields = await offerFields();
    expect(await refused({ ...fields, items: [fields.items[0]!, { size: 2_000_000, quantity: 1 }] })).toEqual({
      items: ['Choose each part from the products’ sizes.'],
    });
    expect(await refused({ ...fields, slug: taken.slug })).toEqual({ slug: ['Another one already has this address.'] });
    expect(Object.keys(await refused({ ...fields, items: [fields.items[0]!] }))).toEqual(['items']);
    expect(Object.keys(await refused({ ...fields, price: -1 }))).toEqual(['price']);
    expect(await offerCount()).toBe(before);
  });

  it('saves on the version read, and keeps a renamed offer’s old address working', async () => {
    const manager = await signedInStaff(t, 'manager');
    const fields = await offerFields();
    const offer = await givePicture(manager, 'offers', await create(manager, fields));
    await manager.post(`/api/staff/offers/${offer.id}/publication/`, { state: 'published', version: 2 });
    const renamed = await manager.put(`/api/staff/offers/${offer.id}/`, { ...fields, slug: `${fields.slug}-new`, price: 650, version: 3 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(StaffOffer.parse(renamed.json())).toMatchObject({ price: 650, version: 4 });
    const old = await t.app.inject(`/api/offers/${fields.slug}/`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/offers/${fields.slug}-new/`);

    const stale = await manager.put(`/api/staff/offers/${offer.id}/`, { ...fields, price: 600, version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'offer_changed', offer: { price: 650, version: 4 } });
  });
});
