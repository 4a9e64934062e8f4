import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NotificationPage, StockAlertResponse } from '@attar/contract';
import { openDatabase } from '../db/client';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';
import { takeDueAlerts } from './service';

const t = useTestApp();
const { db, productWithStock } = orderFixtures(t);

const slugOf = async (productId: number) =>
  (await db().rows<{ slug: string }>(sql`SELECT slug FROM products WHERE id = ${productId}`))[0]!.slug;
const alertsOf = (productId: number) =>
  db().rows<{ user_id: number | null; email: string | null; phone: string | null; variant_id: number | null; locale: string }>(
    sql`SELECT user_id, email, phone, variant_id, locale FROM stock_alerts WHERE product_id = ${productId} ORDER BY id`,
  );
const restock = (productId: number, units = 5) =>
  db().rows(sql`UPDATE product_variants SET stock = ${units} WHERE product_id = ${productId}`);

/** A second size (50 ml) for a test product, with its own stock. */
async function addSize(productId: number, units: number) {
  const [row] = await db().rows<{ id: number }>(sql`
    INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock, is_default)
    VALUES (${productId}, (SELECT id FROM sizes WHERE ml = 50), ${`TEST-50-${productId}`}, 50000, ${units}, false) RETURNING id`);
  return row!.id;
}

/** Runs the restock job's work as the worker does (WhatsApp not set up); answers how many alerts it took. */
const tell = (database = db()) => takeDueAlerts(database, { whatsapp: { enabled: false } });

/** The outbox's back-in-stock messages of the product `slug`, oldest first. */
const queuedFor = (slug: string) =>
  db().rows<{ channel: string; recipient: string; locale: string; state: string; payload: unknown }>(sql`
    SELECT channel, recipient, locale, state, payload FROM queued_messages
    WHERE kind = 'back_in_stock' AND payload->>'slug' = ${slug} ORDER BY id`);

describe('back-in-stock alerts', () => {
  it('are taken from a signed-in shopper, a guest e-mail and a guest phone; asking twice changes nothing', async () => {
    const product = await productWithStock(0);
    const slug = await slugOf(product);
    const shopper = await signedInShopper(t.app);
    const first = await shopper.post(`/api/products/${slug}/stock-alerts/`);
    expect(first.statusCode).toBe(201);
    expect(StockAlertResponse.parse(first.json()).created).toBe(true);
    const again = await shopper.post(`/api/products/${slug}/stock-alerts/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ created: false, detail: expect.stringContaining('already') });

    const guest = client(t.app);
    const byMail = await guest.call({
      method: 'POST',
      url: `/api/products/${slug}/stock-alerts/`,
      body: { email: 'Rana@Example.COM' },
      headers: { 'accept-language': 'ar' },
    });
    expect(byMail.statusCode).toBe(201);
    expect(byMail.json().detail).toBe('سنخبرك عندما يتوفر من جديد.');
    expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { email: 'rana@example.com' })).statusCode).toBe(200);
    expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { phone: '0100 123 4567' })).statusCode).toBe(201);
    expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { phone: '+201001234567' })).statusCode).toBe(200);

    expect(await alertsOf(product)).toEqual([
      { user_id: shopper.user.id, email: null, phone: null, variant_id: null, locale: 'en' },
      { user_id: null, email: 'rana@example.com', phone: null, variant_id: null, locale: 'ar' },
      { user_id: null, email: null, phone: '+201001234567', variant_id: null, locale: 'en' },
    ]);
  });

  it('refuse what is in stock, an unknown product or size, and a bad or missing contact, storing nothing', async () => {
    const inStock = await productWithStock(3);
    const out = await productWithStock(0);
    const other = await productWithStock(0);
    const otherSize = (await db().rows<{ id: number }>(sql`SELECT id FROM product_variants WHERE product_id = ${other}`))[0]!.id;
    const guest = client(t.app);
    const post = (slug: string, body: unknown) => guest.post(`/api/products/${slug}/stock-alerts/`, body);

    const inStockAnswer = await post(await slugOf(inStock), { email: 'a@example.com' });
    expect(inStockAnswer.statusCode).toBe(400);
    expect(inStockAnswer.json()).toEqual({ code: 'in_stock', detail: 'This is in stock: you can order it now.' });
    expect((await post('no-such-perfume', { email: 'a@example.com' })).statusCode).toBe(404);
    const slug = await slugOf(out);
    const badPhone = await post(slug, { phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toHaveProperty('phone');
    expect((await post(slug, { email: 'not-an-address' })).json()).toHaveProperty('email');
    expect((await post(slug, { email: 'a@example.com', phone: '01001234567' })).statusCode).toBe(400);
    const nothing = await post(slug, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ email: ['Enter your e-mail or mobile number.'] });
    // Another product's size is no size of this one.
    const wrongSize = await post(slug, { email: 'a@example.com', variant: otherSize });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json()).toHaveProperty('variant');
    // A dead token is refused, not taken for a guest.
    const dead = await guest.post(`/api/products/${slug}/stock-alerts/`, {}, 'not-a-token');
    expect(dead.statusCode).toBe(401);
    expect([...(await alertsOf(inStock)), ...(await alertsOf(out)), ...(await alertsOf(other))]).toEqual([]);
  });

  it('for one size: refused while that size is in stock, taken when only that size is out', async () => {
    const product = await productWithStock(0);
    const small = await addSize(product, 4);
    const slug = await slugOf(product);
    const guest = client(t.app);
    // The product as a whole is in stock (its 50 ml), and so is that size.
    expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { email: 'b@example.com' })).json().code).toBe('in_stock');
    expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { email: 'b@example.com', variant: small })).statusCode).toBe(400);
    const large = (await db().rows<{ id: number }>(sql`SELECT id FROM product_variants WHERE product_id = ${product} AND is_default`))[0]!
      .id;
    expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { email: 'b@example.com', variant: large })).statusCode).toBe(201);
    // The 50 ml in stock does not make the 100 ml alert due.
    await tell();
    expect(await queuedFor(slug)).toEqual([]);
    await db().rows(sql`UPDATE product_variants SET stock = 2 WHERE id = ${large}`);
    await tell();
    // Only the size asked for is named, though the 50 ml is in stock too.
    expect(await queuedFor(slug)).toEqual([
      {
        channel: 'email',
        recipient: 'b@example.com',
        locale: 'en',
        state: 'pending',
        payload: { slug, name: 'Test Scent', sizes: [100], image: 'x.webp' },
      },
    ]);
  });

  it('tell each subscriber once when stock returns, remove the alerts and put it on the account’s bell', async () => {
    const product = await productWithStock(0);
    const slug = await slugOf(product);
    const shopper = await signedInShopper(t.app);
    // An Arabic account asking from an English page is told in Arabic: the account's language.
    const { name, email, phone } = shopper.user;
    await shopper.call({ method: 'PUT', url: '/api/users/me/', body: { name, email, phone, language: 'ar' } });
    await shopper.call({ method: 'POST', url: `/api/products/${slug}/stock-alerts/?lang=en`, body: {} });
    const guest = client(t.app);
    await guest.post(`/api/products/${slug}/stock-alerts/`, { email: 'c@example.com' });
    await guest.post(`/api/products/${slug}/stock-alerts/`, { phone: '01002223334' });

    await tell();
    expect(await queuedFor(slug)).toEqual([]);
    await restock(product);
    expect(await tell()).toBeGreaterThanOrEqual(3);
    // The whole product: the sizes in stock when told are named.
    const withName = (name: string) => ({ slug, name, sizes: [100], image: 'x.webp' });
    const told = [
      { channel: 'email', recipient: shopper.user.email, locale: 'ar', state: 'pending', payload: withName('عطر تجريبي') },
      { channel: 'email', recipient: 'c@example.com', locale: 'en', state: 'pending', payload: withName('Test Scent') },
      { channel: 'sms', recipient: '+201002223334', locale: 'en', state: 'pending', payload: withName('Test Scent') },
    ];
    expect(await queuedFor(slug)).toEqual(told);
    expect(await alertsOf(product)).toEqual([]);
    // The job again (a retry, the sweep): nobody is told twice.
    await tell();
    expect(await queuedFor(slug)).toEqual(told);

    const page = NotificationPage.parse((await shopper.get('/api/notifications/')).json());
    expect(page.unread).toBe(1);
    expect(page.results).toEqual([
      expect.objectContaining({ kind: 'back_in_stock', read: false, params: { slug, name_en: 'Test Scent', name_ar: 'عطر تجريبي' } }),
    ]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'tell each subscriber once when two workers race for the same alerts (PostgreSQL)',
    async () => {
      const product = await productWithStock(0);
      const slug = await slugOf(product);
      await db().rows(sql`
        INSERT INTO stock_alerts (product_id, email, locale) SELECT ${product}, 'racer' || n || '@example.com', 'en' FROM generate_series(0, 39) n`);
      await restock(product);
      // Another instance: its own pool on the same database.
      const other = await openDatabase({ url: t.db.url! });
      try {
        const [a, b] = await Promise.all([tell(), tell(other)]);
        expect(a + b).toBeGreaterThanOrEqual(40);
        const told = (await queuedFor(slug)).map((m) => m.recipient);
        expect(told.sort()).toEqual(Array.from({ length: 40 }, (_, n) => `racer${n}@example.com`).sort());
      } finally {
        await other.close();
      }
      expect(await alertsOf(product)).toEqual([]);
    },
    60_000,
  );
});
