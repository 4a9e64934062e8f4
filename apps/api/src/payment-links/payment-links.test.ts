/**
 * Phone orders paid online through a payment link (decision 0060): placed waiting for the payment with the link's
 * message queued in the same transaction; the link's page for a payable, paid, expired or forged link; paying through
 * the test gateway; staff's resend; the longer expiry; the roles; bad input that changes nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentLinkView, StaffMessagePage, StaffOrder, StaffSiteConfig, type Locale } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';
import { inTransaction } from '../db/transaction';
import { queueOrderMessage } from '../messages/outbox';
import { renderWhatsappMessage } from '../messages/order-messages';
import { trackingToken } from '../orders/tracking';
import { expireUnpaidOrders } from '../payments/service';
import { paymentLinkToken } from './link';

const t = useTestApp();
const f = orderFixtures(t);
const db = () => f.db();

type Method = 'card' | 'wallet' | 'valu';

/** A new caller's phone order of one unit of a fresh product (3 in stock), paid as `method`. */
async function linkedOrder(staff: StaffCaller, method: Method = 'card', language: Locale = 'ar', pricePiastres = 150_000) {
  const productId = await f.productWithStock(3, pricePiastres);
  const phone = `012${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const response = await staff.call(
    'POST',
    '/api/staff/orders/phone/',
    {
      customer: { name: 'Hoda Samir', phone, email: `hoda.${phone}@example.com` },
      address: { name: 'Hoda Samir', phone, street: '12 Tahrir Street', ...(await f.cairo()) },
      items: [{ product: productId, quantity: 1 }],
      payment_method: method,
      language,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(response.statusCode, response.body).toBe(201);
  return { order: StaffOrder.parse(response.json()), productId, phone: `+20${phone.slice(1)}` };
}

const sentLink = (orderId: number) => f.sentPaymentLink(orderId);

const view = (token: string, locale: Locale = 'en') =>
  t.app.inject({ url: `/api/payment-links/?token=${encodeURIComponent(token)}`, headers: { 'accept-language': locale } });
const pay = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-links/pay/',
    payload: `token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

type Trace = { status: string; stock: number; payment: string; redirect: string | null; messages: number };
const trace = async (orderId: number, productId: number) =>
  (
    await db().rows<Trace>(sql`
      SELECT o.status, (SELECT stock FROM products WHERE id = ${productId}) AS stock,
        (SELECT status FROM payments WHERE order_id = o.id) AS payment, (SELECT redirect_url FROM payments WHERE order_id = o.id) AS redirect,
        (SELECT count(*)::int FROM queued_messages q WHERE q.order_id = o.id) AS messages
      FROM orders o WHERE o.id = ${orderId}`)
  )[0]!;

/** The link made older, as if `hours` had passed since it was sent. */
const age = (orderId: number, hours: number) =>
  db().rows(sql`UPDATE payment_links SET first_sent_at = first_sent_at - make_interval(hours => ${hours}),
    last_sent_at = last_sent_at - make_interval(hours => ${hours}), expires_at = expires_at - make_interval(hours => ${hours})
    WHERE order_id = ${orderId}`);

describe('placing a phone order paid by link', () => {
  it('with each online method: waiting for payment, stock held, the link queued once per channel in the order’s language', async () => {
    const support = await signedInStaff(t, 'support');
    for (const method of ['card', 'wallet', 'valu'] as const) {
      const { order, productId, phone } = await linkedOrder(support, method);
      expect(order).toMatchObject({ status: 'pending_payment', payment_method: method, channel: 'phone' });
      expect(order.payment_link).toMatchObject({ phone, sends: 1, state: 'payable' });
      const hours = (Date.parse(order.payment_link!.expires_at) - Date.parse(order.payment_link!.first_sent_at)) / 3_600_000;
      expect(hours).toBeCloseTo(24, 3);
      expect(await f.stock(productId)).toBe(2);
      const queued = await db().rows<{ key: string; channel: string; state: string }>(sql`
        SELECT key, channel, state FROM queued_messages WHERE order_id = ${order.id} AND kind = 'order_event' ORDER BY key`);
      expect(queued).toEqual([
        { key: `order:${order.id}:payment_link:1:email`, channel: 'email', state: 'pending' },
        { key: `order:${order.id}:payment_link:1:sms`, channel: 'sms', state: 'pending' },
      ]);
      // The link's message stands for the "waiting for payment" one: the caller is told once.
      const [status] = await db().rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${order.id} AND key LIKE '%:status:pending_payment:%'`);
      expect(status!.n).toBe(0);
      const { sms, url, recipient } = await sentLink(order.id);
      expect(recipient).toBe(phone);
      expect(url.pathname).toBe('/ar/pay-order');
      expect(sms).toContain(order.order_number);
      expect(sms).toContain('ادفع');
    }
  });

  it('goes by WhatsApp where the shop’s messages do, the SMS held behind it, the link in its text', async () => {
    const { order } = await linkedOrder(await signedInStaff(t, 'manager'), 'card', 'en');
    const settings = { ...t.config, whatsapp: { ...t.config.whatsapp, enabled: true } };
    await inTransaction(db(), (rows) => queueOrderMessage(rows, settings, { orderId: order.id, event: 'payment_link', send: 9 }));
    const rows = await db().rows<{ channel: string; state: string }>(sql`
      SELECT channel, state FROM queued_messages WHERE key LIKE ${`order:${order.id}:payment_link:9:%`} ORDER BY channel`);
    expect(rows).toEqual([
      { channel: 'email', state: 'pending' },
      { channel: 'sms', state: 'held' },
      { channel: 'whatsapp', state: 'pending' },
    ]);
    const template = await renderWhatsappMessage(db(), t.config, {
      orderId: order.id,
      locale: 'en',
      recipient: order.customer.phone,
      payload: { event: 'payment_link' },
    });
    expect(template!.bodyParameters.join(' ')).toMatch(/\/pay-order\?token=/);
  });

  it('names a payment link that could not be sent on the failed messages screen', async () => {
    const { order } = await linkedOrder(await signedInStaff(t, 'support'));
    await db().rows(
      sql`UPDATE queued_messages SET state = 'dead', last_error = 'gateway down' WHERE order_id = ${order.id} AND channel = 'sms'`,
    );
    const listed = await (await signedInStaff(t, 'owner')).get('/api/staff/messages/');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(StaffMessagePage.parse(listed.json()).results).toContainEqual(
      expect.objectContaining({ order_id: order.id, channel: 'sms', event: 'payment_link', status: null }),
    );
  });

  it('lets those who take phone orders choose an online method, refuses the rest and bad input, changing nothing', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const productId = await f.productWithStock(3, 50_000);
    const orders = async () => (await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`))[0]!.n;
    const before = await orders();
    const body = async (payment_method: unknown) => ({
      customer: { name: 'Hoda Samir', phone: '01288885555' },
      address: { name: 'Hoda Samir', phone: '01288885555', street: '12 Tahrir Street', ...(await f.cairo()) },
      items: [{ product: productId, quantity: 1 }],
      payment_method,
      language: 'en',
    });
    expect((await fulfilment.call('POST', '/api/staff/orders/phone/', await body('card'))).statusCode).toBe(403);
    const support = await signedInStaff(t, 'support');
    for (const method of ['kiosk', 'bitcoin', 7]) {
      const refused = await support.call('POST', '/api/staff/orders/phone/', await body(method));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('payment_method');
    }
    // valU takes orders from its minimum (1,000 pounds here), as at checkout.
    const valu = await support.call('POST', '/api/staff/orders/phone/', await body('valu'), { 'accept-language': 'ar' });
    expect(valu.statusCode).toBe(400);
    expect(valu.json().payment_method[0]).toContain('١٬٠٠٠');
    expect(await orders()).toBe(before);
    expect(await f.stock(productId)).toBe(3);
  });
});

describe('the payment link', () => {
  it('shows the unpaid order, pays through the test gateway, then says it is paid', async () => {
    const { order, productId } = await linkedOrder(await signedInStaff(t, 'support'), 'card', 'ar');
    const { token } = await sentLink(order.id);
    // Reading the page (as a link previewer does) changes nothing.
    const before = await trace(order.id, productId);
    const unpaid = PaymentLinkView.parse((await view(token, 'ar')).json());
    expect(unpaid).toMatchObject({ order_number: order.order_number, total: order.total, payment_method: 'card', state: 'payable' });
    expect(unpaid.items).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(await trace(order.id, productId)).toEqual(before);

    const started = await pay(token, { origin: 'http://localhost:3000' });
    expect(started.statusCode, started.body).toBe(303);
    const gateway = new URL(started.headers.location as string);
    expect(gateway.pathname).toMatch(/^\/api\/payments\/test\/[\w-]+\/$/);
    // Pressed again: the same payment page, not a second payment.
    expect((await pay(token)).headers.location).toBe(started.headers.location);

    const approved = await f.payOnTestGateway(order.id);
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/ar/?order_id=${order.order_number}&payment=paid`);
    expect(await trace(order.id, productId)).toMatchObject({ status: 'placed', payment: 'paid', stock: 2 });
    expect(PaymentLinkView.parse((await view(token)).json()).state).toBe('paid');
    // Used after payment: back to the link's page, which says so; nothing changes.
    const after = await trace(order.id, productId);
    const again = await pay(token);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/ar/pay-order?token=${encodeURIComponent(token)}`);
    expect(await trace(order.id, productId)).toEqual(after);
    const staffView = await (await signedInStaff(t, 'owner')).order(order.id);
    expect(staffView.payment_link).toMatchObject({ state: 'paid', sends: 1 });
  });

  it('starts one payment however many times Pay is pressed at once', async () => {
    const { order } = await linkedOrder(await signedInStaff(t, 'support'));
    const { token } = await sentLink(order.id);
    const presses = await Promise.all([pay(token), pay(token), pay(token)]);
    expect(presses.map((press) => press.statusCode)).toEqual([303, 303, 303]);
    const [payment] = await db().rows<{ reference: string; redirect_url: string }>(sql`
      SELECT reference, redirect_url FROM payments WHERE order_id = ${order.id}`);
    expect(payment!.redirect_url).toContain(`/api/payments/test/${payment!.reference}/`);
    for (const press of presses)
      expect([payment!.redirect_url, `/ar/pay-order?token=${encodeURIComponent(token)}`]).toContain(press.headers.location);
    expect((await pay(token)).headers.location).toBe(payment!.redirect_url);
  });

  it('refuses a forged link or another link of the order, in the shopper’s language, changing nothing', async () => {
    const { order, productId } = await linkedOrder(await signedInStaff(t, 'support'));
    const { token } = await sentLink(order.id);
    const before = await trace(order.id, productId);
    const forged = `${token.slice(0, -3)}abc`;
    const refused = await view(forged, 'ar');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('invalid_link');
    expect(refused.json().detail).toMatch(/[ء-ي]/);
    expect((await view(trackingToken(t.config.secretKey, order.order_number))).json()).toMatchObject({ code: 'invalid_link' });
    expect((await view(paymentLinkToken('not the secret', order.order_number))).statusCode).toBe(400);
    // A cash order was sent no link: its number signed is not one either.
    expect((await view(paymentLinkToken(t.config.secretKey, 'AT1'))).statusCode).toBe(400);
    const forgedPay = await pay(forged, { 'accept-language': 'ar' });
    expect(forgedPay.statusCode).toBe(303);
    expect(forgedPay.headers.location).toBe(`/ar/pay-order?token=${encodeURIComponent(forged)}`);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment-links/pay/', payload: { token: '' } })).statusCode).toBe(400);
    expect(await trace(order.id, productId)).toEqual(before);
  });

  it('waits the longer window, then expires: the page says so, Pay changes nothing, and expiry returns the stock', async () => {
    const { order, productId } = await linkedOrder(await signedInStaff(t, 'support'));
    const { token } = await sentLink(order.id);
    // Past a storefront payment page's two hours, the link still pays.
    await age(order.id, 3);
    await db().rows(sql`UPDATE payments SET created_at = created_at - interval '3 hours' WHERE order_id = ${order.id}`);
    expect(await expireUnpaidOrders(db(), t.config)).not.toContainEqual({ id: order.id });
    expect(PaymentLinkView.parse((await view(token)).json()).state).toBe('payable');

    await age(order.id, 21);
    expect(PaymentLinkView.parse((await view(token)).json()).state).toBe('expired');
    const before = await trace(order.id, productId);
    expect((await pay(token)).headers.location).toBe(`/ar/pay-order?token=${encodeURIComponent(token)}`);
    expect(await trace(order.id, productId)).toEqual(before);
    // An hour's grace for a slow callback, then cancelled with its stock back, the caller told.
    expect(await expireUnpaidOrders(db(), t.config)).not.toContainEqual({ id: order.id });
    await age(order.id, 1);
    expect(await expireUnpaidOrders(db(), t.config)).toContainEqual({ id: order.id });
    expect(await trace(order.id, productId)).toMatchObject({ status: 'cancelled', stock: 3 });
    expect(PaymentLinkView.parse((await view(token)).json()).state).toBe('expired');
  });

  it('takes its window from the shop’s setting, which the owner edits within bounds', async () => {
    const owner = await signedInStaff(t, 'owner');
    const settings = StaffSiteConfig.parse((await owner.get('/api/staff/site-config/')).json());
    expect(settings.payment_link_hours).toBe(24);
    for (const hours of [0, 169, 2.5]) {
      const refused = await owner.put('/api/staff/site-config/', { ...settings, payment_link_hours: hours });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('payment_link_hours');
    }
    expect(
      (await (await signedInStaff(t, 'support')).put('/api/staff/site-config/', { ...settings, payment_link_hours: 48 })).statusCode,
    ).toBe(403);
    const saved = await owner.put('/api/staff/site-config/', { ...settings, payment_link_hours: 48 });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { order } = await linkedOrder(owner, 'wallet');
      const hours = (Date.parse(order.payment_link!.expires_at) - Date.parse(order.payment_link!.first_sent_at)) / 3_600_000;
      expect(hours).toBeCloseTo(48, 3);
    } finally {
      await db().rows(sql`UPDATE site_config SET payment_link_hours = 24 WHERE id = 1`);
    }
  });
});

describe('sending the link again', () => {
  it('lets those who take phone orders resend it, audited and rate-limited, while it is payable; nobody else', async () => {
    const support = await signedInStaff(t, 'support');
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const { order, productId } = await linkedOrder(support);
    const resend = (staff: StaffCaller) => staff.post(`/api/staff/orders/${order.id}/resend-payment-link/`);
    const before = await trace(order.id, productId);
    expect((await resend(fulfilment)).statusCode).toBe(403);
    const tooSoon = await resend(support);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'resend_too_soon' });
    expect(await trace(order.id, productId)).toEqual(before);

    await age(order.id, 1);
    const resent = await resend(support);
    expect(resent.statusCode, resent.body).toBe(200);
    const staffView = StaffOrder.parse(resent.json());
    expect(staffView.payment_link).toMatchObject({ sends: 2, state: 'payable' });
    expect(staffView.audit).toContainEqual(expect.objectContaining({ action: 'order.resend_payment_link', after: { sends: 2 } }));
    const [queued] = await db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${order.id} AND key LIKE '%:payment_link:2:%'`);
    expect(queued!.n).toBe(2);
    // The same link as the first.
    const first = await db().rows<{ key: string }>(sql`SELECT key FROM queued_messages WHERE order_id = ${order.id} AND channel = 'sms'`);
    expect(first).toHaveLength(2);
    expect((await resend(support)).statusCode).toBe(429);

    // Paid: nothing more to send.
    await f.payOnTestGateway(order.id);
    await age(order.id, 1);
    const closed = await resend(support);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'payment_link_closed' });
    // A cash order was sent none.
    const cash = await support.call('POST', '/api/staff/orders/phone/', {
      customer: { name: 'Hoda Samir', phone: '01288886666' },
      address: { name: 'Hoda Samir', phone: '01288886666', street: '12 Tahrir Street', ...(await f.cairo()) },
      items: [{ product: await f.productWithStock(2), quantity: 1 }],
      language: 'en',
    });
    expect(StaffOrder.parse(cash.json())).toMatchObject({ payment_method: 'cod', status: 'placed', payment_link: null });
    expect((await support.post(`/api/staff/orders/${cash.json().id}/resend-payment-link/`)).statusCode).toBe(404);
  });

  it('sends each resend once, however many staff press it at the same time', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { order } = await linkedOrder(manager);
    await age(order.id, 1);
    const answers = await Promise.all([1, 2, 3].map(() => manager.post(`/api/staff/orders/${order.id}/resend-payment-link/`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    const [link] = await db().rows<{ sends: number }>(sql`SELECT sends FROM payment_links WHERE order_id = ${order.id}`);
    expect(link!.sends).toBe(2);
  });
});
