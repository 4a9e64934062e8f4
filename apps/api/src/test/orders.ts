/** Fixtures for tests that place orders: fresh products with their own stock, shoppers with an address, the POST. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { City, Region, type Locale } from '@attar/contract';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { renderOrderMessage, type OrderMessagePayload } from '../messages/order-messages';
import type { TestApp } from './app';
import { client, freshIp } from './client';
import { signedInShopper, verifyPhone } from './shoppers';

export function orderFixtures(t: TestApp) {
  const db = () => t.db.database;
  const stock = async (productId: number) =>
    oneRow(await db().rows<Pick<TableRow<typeof tables.products>, 'stock'>>(sql`SELECT stock FROM products WHERE id = ${productId}`)).stock;

  async function cairo() {
    const regions = z.array(Region).parse((await client(t.app).get('/api/region/')).json());
    const region = regions.find((r) => r.name === 'Cairo');
    if (!region) throw new Error('The seeded regions have no Cairo.');
    const [city] = z.array(City).parse((await client(t.app).get(`/api/city/?region=${region.id}`)).json());
    if (!city) throw new Error('Cairo has no city.');
    return { region: region.id, city: city.id };
  }
  const addressFields = async () => ({ name: 'Amira Fathy', phone: '01001112223', street: '5 Nile Street', ...(await cairo()) });

  /** A fresh product of one size (100 ml, its default) with exactly `units` in stock, so tests never share stock. */
  async function productWithStock(units: number, pricePiastres = 100_000) {
    const row = oneRow(
      await db().rows<Pick<TableRow<typeof tables.productVariants>, 'product_id'>>(sql`
      WITH product AS (
        INSERT INTO products (slug, type, category_id, name_en, name_ar, description_en, description_ar, gender, price_piastres, stock,
          image, image_desktop, image_mobile)
        SELECT 'test-' || md5(random()::text), 'perfume', id, 'Test Scent', 'عطر تجريبي', 'd', 'د', 'unisex', ${pricePiastres}, ${units},
          'x.webp', 'x.webp', 'x.webp' FROM categories ORDER BY id LIMIT 1
        RETURNING id)
      INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock, is_default)
      SELECT product.id, (SELECT id FROM sizes WHERE ml = 100), 'TEST-' || product.id, ${pricePiastres}, ${units}, true FROM product
      RETURNING product_id`),
    );
    return row.product_id;
  }

  /** A signed-in shopper with a saved address; `verified`: their phone verified too (for codes limited per customer). */
  async function shopperWithAddress(options: { verified?: boolean } = {}) {
    const s = await signedInShopper(t.app);
    if (options.verified) await verifyPhone(t.db.database, s);
    const address = (await s.post('/api/addresses/', await addressFields())).json() as { id: number };
    return { ...s, addressId: address.id };
  }

  const order = (s: { token: string }, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      payload: body as object,
      headers: { authorization: `Token ${s.token}`, ...headers },
      remoteAddress: freshIp(),
    });

  /** The order's payment approved at the test gateway, as its page would send it. */
  async function payOnTestGateway(orderId: number) {
    const payment = oneRow(
      await db().rows<Pick<TableRow<typeof tables.payments>, 'reference'>>(
        sql`SELECT reference FROM payments WHERE order_id = ${orderId} ORDER BY id LIMIT 1`,
      ),
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/payments/test/${payment.reference}/`,
      payload: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  /** The link in the latest payment-link SMS of the order, as the worker renders it, with the SMS and its recipient. */
  async function sentPaymentLink(orderId: number) {
    const row = oneRow(
      await db().rows<{ payload: OrderMessagePayload; recipient: string; locale: Locale }>(sql`
        SELECT payload, recipient, locale FROM queued_messages
        WHERE order_id = ${orderId} AND channel = 'sms' AND key LIKE '%:payment_link:%' ORDER BY id DESC LIMIT 1`),
    );
    const message = await renderOrderMessage(db(), t.config, { orderId, channel: 'sms', ...row });
    const sms = (message as { sms: { text: string } }).sms.text;
    const [link] = /https?:\/\/\S+/.exec(sms) ?? [];
    if (!link) throw new Error(`The payment link's SMS has no link: ${sms}`);
    const url = new URL(link);
    const token = url.searchParams.get('token');
    if (token === null) throw new Error(`The payment link has no token: ${link}`);
    return { sms, url, token, recipient: row.recipient };
  }

  return { db, stock, cairo, addressFields, productWithStock, shopperWithAddress, order, payOnTestGateway, sentPaymentLink };
}
