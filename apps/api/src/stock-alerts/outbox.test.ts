/**
 * Back-in-stock alerts through the outbox (decision 0059), with WhatsApp set up against Meta's stand-in: WhatsApp first
 * with the e-mail or SMS held back, each channel sent once, in the subscriber's language.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { StaffMessagePage } from '@attar/contract';
import { WHATSAPP_TEMPLATES } from '../messages/order-messages';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { deliveryEnv, useOutboxWorker } from '../test/outbox';
import { signedInShopper } from '../test/shoppers';
import { useSmtpServer } from '../test/smtp';
import { useProviderStandIn, useSmsGateway } from '../test/standin';
import { signedInStaff } from '../test/staff';
import { applyStatusReports, fallBackOverdue } from '../whatsapp/service';
import { takeDueAlerts } from './service';

const graph = useProviderStandIn('/v21.0', (count) => ({ messaging_product: 'whatsapp', messages: [{ id: `wamid.A${count}` }] }), {
  error: { message: 'Service temporarily unavailable', code: 2 },
});
const smtp = useSmtpServer();
const gateway = useSmsGateway();
const t = useTestApp(() => ({
  ...deliveryEnv(smtp, gateway),
  STOREFRONT_URL: 'https://shop.test',
  WHATSAPP_TOKEN: 'EAAG-test-token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'the app secret',
  WHATSAPP_VERIFY_TOKEN: 'the verify token',
  WHATSAPP_GRAPH_URL: graph.url,
  WHATSAPP_FALLBACK_MINUTES: '10',
}));
const { db, productWithStock } = orderFixtures(t);
const { drainAll } = useOutboxWorker(t);

const tell = () => takeDueAlerts(db(), t.config);

type Queued = { id: number; channel: string; recipient: string; state: string; attempts: number; fell_back_at: string | null };
/** The outbox's back-in-stock rows to `recipient`, by channel. */
async function queuedTo(recipient: string) {
  const rows = await db().rows<Queued>(sql`
    SELECT id, channel, recipient, state, attempts, fell_back_at FROM queued_messages
    WHERE kind = 'back_in_stock' AND recipient = ${recipient} ORDER BY id`);
  return Object.fromEntries(rows.map((row) => [row.channel, row]));
}
/** WhatsApp's requests to `phone` (E.164), their bodies read. */
const whatsappTo = (phone: string) =>
  graph.requests
    .map(
      (request) =>
        JSON.parse(request.body) as { to: string; template: { name: string; language: { code: string }; components: unknown[] } },
    )
    .filter((body) => body.to === phone.replace('+', ''));
const smsTo = (phone: string) => gateway.requests.filter((request) => JSON.parse(request.body).to === phone);

/** An out-of-stock product, the alerts `ask` makes for it, and then its restock told. */
async function restocked(ask: (slug: string) => Promise<void>) {
  const product = await productWithStock(0);
  const [{ slug }] = (await db().rows<{ slug: string }>(sql`SELECT slug FROM products WHERE id = ${product}`)) as [{ slug: string }];
  await ask(slug);
  await db().rows(sql`UPDATE product_variants SET stock = 4 WHERE product_id = ${product}`);
  await tell();
  return slug;
}

async function arabicShopper(options: { optedOut?: boolean } = {}) {
  const shopper = await signedInShopper(t.app);
  const { name, email, phone } = shopper.user;
  await shopper.call({ method: 'PUT', url: '/api/users/me/', body: { name, email, phone, language: 'ar' } });
  if (options.optedOut) await shopper.call({ method: 'PUT', url: '/api/whatsapp/me/', body: { opted_out: true } });
  return shopper;
}

describe('back-in-stock alerts through the outbox', () => {
  it('go by WhatsApp once, as the approved template in the shopper’s language, their e-mail held back', async () => {
    const shopper = await arabicShopper();
    const phone = shopper.user.phone!;
    const slug = await restocked(async (slug) => {
      expect((await shopper.post(`/api/products/${slug}/stock-alerts/?lang=en`)).statusCode).toBe(201);
    });
    await drainAll();
    await drainAll();
    const [sent, ...more] = whatsappTo(phone);
    expect(more).toEqual([]);
    expect(sent!.template).toEqual({
      name: WHATSAPP_TEMPLATES.backInStock,
      language: { code: 'ar' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'عطر تجريبي' },
            { type: 'text', text: '100 مل' },
            { type: 'text', text: `https://shop.test/ar/fragrances/${slug}` },
          ],
        },
      ],
    });
    const rows = await queuedTo(phone);
    expect(rows.whatsapp).toMatchObject({ state: 'sent', attempts: 1 });
    const email = (await queuedTo(shopper.user.email)).email!;
    expect(email.state).toBe('held');
    expect(smtp.to(shopper.user.email).filter((mail) => mail.text.includes(slug))).toEqual([]);
  });

  it('hold a guest’s SMS behind WhatsApp, and replace it once WhatsApp delivers', async () => {
    const guest = client(t.app);
    await restocked(async (slug) => {
      expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { phone: '01005556667' })).statusCode).toBe(201);
    });
    await drainAll();
    const phone = '+201005556667';
    const { whatsapp, sms } = await queuedTo(phone);
    expect(whatsapp).toMatchObject({ state: 'sent' });
    expect(sms).toMatchObject({ state: 'held' });
    expect(whatsappTo(phone)[0]!.template.language.code).toBe('en');
    const [{ provider_id: providerId }] = (await db().rows<{ provider_id: string }>(
      sql`SELECT provider_id FROM queued_messages WHERE id = ${whatsapp!.id}`,
    )) as [{ provider_id: string }];
    await applyStatusReports(db(), [{ providerId, status: 'delivered', error: null }]);
    expect((await queuedTo(phone)).sms).toMatchObject({ state: 'replaced' });
    await db().rows(sql`UPDATE queued_messages SET created_at = now() - interval '1 hour' WHERE id = ${whatsapp!.id}`);
    await fallBackOverdue(db(), 10);
    await drainAll();
    expect(smsTo(phone)).toEqual([]);
  });

  it('retry WhatsApp with back-off while it is down, then send the held e-mail once after the fallback time', async () => {
    const shopper = await arabicShopper();
    const phone = shopper.user.phone!;
    const slug = await restocked(async (slug) => {
      expect((await shopper.post(`/api/products/${slug}/stock-alerts/`)).statusCode).toBe(201);
    });
    graph.statuses.push(503, 503);
    await drainAll();
    let { whatsapp } = await queuedTo(phone);
    expect(whatsapp).toMatchObject({ state: 'pending', attempts: 1, fell_back_at: null });
    const [due] = await db().rows<{ later: boolean }>(
      sql`SELECT next_attempt_at > now() AS later FROM queued_messages WHERE id = ${whatsapp!.id}`,
    );
    expect(due!.later).toBe(true);
    expect((await queuedTo(shopper.user.email)).email!.state).toBe('held');
    // Its next attempt falls due, and fails again: still waiting, further off.
    await db().rows(sql`UPDATE queued_messages SET next_attempt_at = now() WHERE id = ${whatsapp!.id}`);
    await drainAll();
    ({ whatsapp } = await queuedTo(phone));
    expect(whatsapp).toMatchObject({ state: 'pending', attempts: 2 });
    // Not in time: the fallback time passes (the job each minute), the e-mail goes and WhatsApp is tried no more.
    expect(await fallBackOverdue(db(), 10)).not.toContain(whatsapp!.id);
    await db().rows(
      sql`UPDATE queued_messages SET created_at = now() - interval '11 minutes', next_attempt_at = now() WHERE id = ${whatsapp!.id}`,
    );
    expect(await fallBackOverdue(db(), 10)).toContain(whatsapp!.id);
    expect(await fallBackOverdue(db(), 10)).not.toContain(whatsapp!.id);
    await drainAll();
    await drainAll();
    expect(await queuedTo(phone)).toMatchObject({ whatsapp: { state: 'dead', attempts: 2, fell_back_at: expect.any(String) } });
    expect((await queuedTo(shopper.user.email)).email!.state).toBe('sent');
    const mails = await smtp.waitFor(shopper.user.email, 1);
    expect(mails.filter((mail) => mail.text.includes(`https://shop.test/ar/fragrances/${slug}`))).toHaveLength(1);
    expect(whatsappTo(phone)).toHaveLength(2);
  });

  it('send a shopper who opted out of WhatsApp the e-mail only, and a guest with only an e-mail the e-mail', async () => {
    const optedOut = await arabicShopper({ optedOut: true });
    const guest = client(t.app);
    const slug = await restocked(async (slug) => {
      expect((await optedOut.post(`/api/products/${slug}/stock-alerts/`)).statusCode).toBe(201);
      expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { email: 'only-mail@example.com' })).statusCode).toBe(201);
    });
    await drainAll();
    expect(await queuedTo(optedOut.user.phone!)).toEqual({});
    expect(whatsappTo(optedOut.user.phone!)).toEqual([]);
    expect(await queuedTo(optedOut.user.email)).toMatchObject({ email: { state: 'sent' } });
    expect(await queuedTo('only-mail@example.com')).toEqual({ email: expect.objectContaining({ state: 'sent' }) });
    const [mail] = await smtp.waitFor('only-mail@example.com', 1);
    expect(mail!.subject).toBe('Test Scent · 100 ml is back in stock');
    expect(mail!.text).toContain(`https://shop.test/fragrances/${slug}`);
  });

  it('queue nothing twice when the job runs again or two run at once, and send each channel once', async () => {
    const guest = client(t.app);
    const phone = '+201007778889';
    await restocked(async (slug) => {
      expect((await guest.post(`/api/products/${slug}/stock-alerts/`, { phone })).statusCode).toBe(201);
    });
    await Promise.all([tell(), tell()]);
    await tell();
    expect(Object.keys(await queuedTo(phone)).sort()).toEqual(['sms', 'whatsapp']);
    await Promise.all([drainAll(), drainAll()]);
    await drainAll();
    expect(whatsappTo(phone)).toHaveLength(1);
    expect(smsTo(phone)).toEqual([]);
  });

  it('list a failed alert in the back office by its product, sent again by a manager and not by fulfilment', async () => {
    const guest = client(t.app);
    const phone = '+201009990001';
    await restocked(async (slug) => {
      expect((await guest.post(`/api/products/${slug}/stock-alerts/?lang=ar`, { phone })).statusCode).toBe(201);
    });
    graph.statuses.push(503);
    await drainAll();
    const { whatsapp } = await queuedTo(phone);
    await db().rows(sql`UPDATE queued_messages SET created_at = now() - interval '11 minutes' WHERE id = ${whatsapp!.id}`);
    await fallBackOverdue(db(), 10);
    await drainAll();
    expect(smsTo(phone)).toHaveLength(1);
    const manager = await signedInStaff(t, 'manager');
    const dead = StaffMessagePage.parse((await manager.get('/api/staff/messages/?state=dead&page_size=100')).json());
    expect(dead.results.find((message) => message.id === whatsapp!.id)).toMatchObject({
      kind: 'back_in_stock',
      order_id: null,
      order_number: null,
      product: { name: 'عطر تجريبي' },
      fell_back_at: expect.any(String),
    });
    expect((await (await signedInStaff(t, 'fulfilment')).post(`/api/staff/messages/${whatsapp!.id}/retry/`)).statusCode).toBe(403);
    const retried = await manager.post(`/api/staff/messages/${whatsapp!.id}/retry/`);
    expect(retried.statusCode, retried.body).toBe(200);
    await drainAll();
    expect((await queuedTo(phone)).whatsapp).toMatchObject({ state: 'sent' });
    expect(smsTo(phone)).toHaveLength(1);
  });
});
