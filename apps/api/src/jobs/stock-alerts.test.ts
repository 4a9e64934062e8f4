import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NotificationPage } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';
import { signedInStaff } from '../test/staff';

const t = useTestApp({ JOBS: 'on', STOREFRONT_URL: 'https://shop.test' });
const { db, productWithStock, shopperWithAddress, order } = orderFixtures(t);

/** The development outbox's product messages to `recipient`. */
const productMessages = (recipient: string) =>
  db().rows<{ channel: string; body: string }>(sql`
    SELECT channel, body FROM outbox_messages WHERE recipient = ${recipient} AND body LIKE '%/fragrances/%' ORDER BY id`);

/** The same, once `expected` have arrived (the queue takes its time). */
async function outboxFor(recipient: string, expected: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await productMessages(recipient);
    if (rows.length >= expected || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('back-in-stock alerts from the job queue through the outbox', () => {
  it('tell every subscriber once, by e-mail or SMS in their language, as soon as a size is restocked', async () => {
    const product = await productWithStock(0);
    const [{ slug }] = (await db().rows<{ slug: string }>(sql`SELECT slug FROM products WHERE id = ${product}`)) as [{ slug: string }];
    const shopper = await signedInShopper(t.app);
    expect((await shopper.post(`/api/products/${slug}/stock-alerts/`)).statusCode).toBe(201);
    const guest = client(t.app);
    expect((await guest.post(`/api/products/${slug}/stock-alerts/?lang=ar`, { phone: '01003334445' })).statusCode).toBe(201);
    expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { email: 'queue@example.com' })).statusCode).toBe(201);

    // Staff restock it (the back office's adjustment): the NOTIFY on commit starts the job.
    const staff = await signedInStaff(t, 'owner');
    const [size] = await db().rows<{ id: number }>(sql`SELECT id FROM product_variants WHERE product_id = ${product}`);
    const adjusted = await staff.call('POST', `/api/staff/products/${product}/sizes/${size!.id}/stock/`, { change: 6, reason: 'received' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const [mail] = await outboxFor(shopper.user.email, 1);
    expect(mail).toMatchObject({ channel: 'email', body: expect.stringContaining(`https://shop.test/fragrances/${slug}`) });
    const [sms] = await outboxFor('+201003334445', 1);
    // The whole product: told with the sizes in stock now.
    expect(sms).toEqual({ channel: 'sms', body: `عطّار: عطر تجريبي 100 مل متوفر من جديد. https://shop.test/ar/fragrances/${slug}` });
    expect(await outboxFor('queue@example.com', 1)).toHaveLength(1);
    expect(await db().rows(sql`SELECT id FROM stock_alerts WHERE product_id = ${product}`)).toEqual([]);
    const bell = NotificationPage.parse((await shopper.get('/api/notifications/')).json());
    expect(bell.results.map((n) => n.kind)).toEqual(['back_in_stock']);

    // Out and back again: nobody is waiting any more, so nobody is told twice.
    await db().rows(sql`UPDATE product_variants SET stock = 0 WHERE product_id = ${product}`);
    await db().rows(sql`UPDATE product_variants SET stock = 3 WHERE product_id = ${product}`);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await productMessages(shopper.user.email)).toHaveLength(1);
    expect(await productMessages('+201003334445')).toHaveLength(1);
  }, 60_000);

  it('put order events on the shopper’s bell as the order messages go out', async () => {
    const shopper = await shopperWithAddress();
    await shopper.post('/api/cart-products/', { product: await productWithStock(5), quantity: 1 });
    const placed = (await order(shopper, { address: shopper.addressId, payment_method: 'cod' })).json() as { id: number };
    const staff = await signedInStaff(t, 'fulfilment');
    expect((await staff.act(placed.id, 'confirm')).statusCode).toBe(200);
    const deadline = Date.now() + 20_000;
    let page = NotificationPage.parse((await shopper.get('/api/notifications/')).json());
    while (page.count < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      page = NotificationPage.parse((await shopper.get('/api/notifications/')).json());
    }
    expect(page.results.map((n) => (n.kind === 'order_status' ? n.params.status : n.kind))).toEqual(['confirmed', 'placed']);
    expect(page.unread).toBe(2);
  }, 60_000);
});
