import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, ValidationErrorBody } from '@attar/contract';
import { useTestApp, type TestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { expireUnpaidOrders, signTransaction, startRefund } from './service';

const form = (decision: 'approve' | 'decline') => ({
  method: 'POST' as const,
  payload: `decision=${decision}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** An online order of one product (by card unless told), its payment row, and helpers to read its state. */
function cardOrders(t: TestApp) {
  const f = orderFixtures(t);
  async function onlineOrder(method: 'card' | 'wallet' | 'kiosk' | 'valu', headers: Record<string, string> = {}, quantity = 1) {
    const s = await f.shopperWithAddress();
    const productId = await f.productWithStock(4, 70_000);
    await s.post('/api/cart-products/', { product: productId, quantity });
    const response = await f.order(s, { address: s.addressId, payment_method: method }, headers);
    expect(response.statusCode, response.body).toBe(201);
    const placed = Order.parse(response.json());
    const [payment] = await f.db().rows<{ id: number; reference: string; amount_piastres: number; method: string }>(sql`
      SELECT id, reference, amount_piastres, method FROM payments WHERE order_id = ${placed.id}`);
    const current = async () => Order.parse((await s.get(`/api/orders/order_number/?number=${placed.order_number}`)).json());
    return { s, placed, payment: payment!, productId, current };
  }
  return {
    ...f,
    onlineOrder,
    cardOrder: (headers: Record<string, string> = {}) => onlineOrder('card', headers),
    refunds: (paymentId: number) =>
      f.db().rows<{ amount_piastres: number; status: string; reason: string }>(sql`
        SELECT amount_piastres, status, reason FROM refunds WHERE payment_id = ${paymentId} ORDER BY id`),
  };
}

describe('the test gateway (demo mode)', () => {
  const t = useTestApp();
  const o = cardOrders(t);

  it('speaks the order’s language in the shop’s look, the reference and amount kept left to right', async () => {
    const { payment } = await o.onlineOrder('kiosk', { 'accept-language': 'ar' });
    const page = await t.app.inject(`/api/payments/test/${payment.reference}/`);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('الموافقة على الدفع');
    expect(page.body).toMatch(/<strong>[٠-٩٬]+ ج\.م<\/strong>/);
    expect(page.body).toMatch(/بالرقم المرجعي <bdi dir="ltr">[^<]+<\/bdi>/);
    expect(page.body).not.toContain('Approve payment');
    const english = await o.onlineOrder('wallet');
    const englishPage = await t.app.inject(`/api/payments/test/${english.payment.reference}/`);
    expect(englishPage.body).toContain('<html lang="en" dir="ltr">');
    expect(englishPage.body).toContain('Paid from a mobile wallet');
  });

  it('is reached only by the payment’s unguessable reference, never by a sequential id', async () => {
    const { placed, payment, current } = await o.cardOrder();
    expect(placed.status).toBe('pending_payment');
    expect(payment.reference).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Through the shop's own address (its /api/ leads here), so the shopper comes back to it.
    expect(placed.payment_url).toBe(`${t.config.storefrontUrl}/api/payments/test/${payment.reference}/`);
    const page = await t.app.inject(`/api/payments/test/${payment.reference}/`);
    expect(page.body).toContain('Approve payment');
    expect(page.headers['content-security-policy']).toContain("form-action 'self';");
    for (const guess of [String(payment.id), payment.reference.slice(0, -1) + (payment.reference.endsWith('A') ? 'B' : 'A')]) {
      expect((await t.app.inject(`/api/payments/test/${guess}/`)).statusCode).toBe(404);
      const post = await t.app.inject({ url: `/api/payments/test/${guess}/`, ...form('decline') });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await current()).status).toBe('pending_payment');
  });

  it('approves: the order is placed and paid; a second submit changes nothing', async () => {
    const { payment, current } = await o.cardOrder();
    const approved = await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('approve') });
    expect(approved.statusCode).toBe(303);
    expect(await current()).toMatchObject({ status: 'placed', payment: { status: 'paid', refunded: 0 } });
    const again = await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('decline') });
    expect(again.headers.location).toContain('payment=paid');
    expect((await current()).status).toBe('placed');
  });

  it('declines: no placed order, and the stock comes back', async () => {
    const { placed, payment, productId, current } = await o.cardOrder();
    expect(await o.stock(productId)).toBe(3);
    const page = await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('decline') });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/?order_id=${placed.order_number}&payment=declined`);
    expect(await current()).toMatchObject({ status: 'cancelled', payment: { status: 'declined' } });
    expect(await o.stock(productId)).toBe(4);
  });

  it('sends the shopper back to the order-result page in the language they ordered in', async () => {
    const { placed, payment } = await o.cardOrder({ 'accept-language': 'ar' });
    const page = await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('approve') });
    expect(page.headers.location).toBe(`/ar/?order_id=${placed.order_number}&payment=paid`);
  });

  it('pays on the shop address the shopper ordered from (localhost or 127.0.0.1 in demo), never on another site', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000']) {
      const { placed, payment } = await o.cardOrder({ origin });
      expect(placed.payment_url).toBe(`${origin}/api/payments/test/${payment.reference}/`);
    }
    const { placed, payment } = await o.cardOrder({ origin: 'https://elsewhere.example' });
    expect(placed.payment_url).toBe(`http://localhost:3000/api/payments/test/${payment.reference}/`);
  });

  it('refunds a payment approved after the shopper cancelled, instead of recording it as paid', async () => {
    const { s, placed, payment, current } = await o.cardOrder();
    expect((await s.post(`/api/orders/${placed.id}/cancel/`)).statusCode).toBe(200);
    await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('approve') });
    expect(await current()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', refunded: payment.amount_piastres / 100 },
    });
    expect(await o.refunds(payment.id)).toEqual([
      { amount_piastres: payment.amount_piastres, status: 'confirmed', reason: 'paid_after_cancellation' },
    ]);
  });

  it('refunds a paid order the shopper cancels, once, and never more than was paid', async () => {
    const { s, placed, payment, current } = await o.cardOrder();
    await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('approve') });
    expect((await s.post(`/api/orders/${placed.id}/cancel/`)).statusCode).toBe(200);
    expect(await current()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', refunded: payment.amount_piastres / 100 },
    });
    expect((await s.post(`/api/orders/${placed.id}/cancel/`)).json()).toMatchObject({ code: 'invalid_transition' });
    const ctx = { database: o.db(), config: t.config, log: t.app.log };
    await expect(startRefund(ctx, payment.id, 1, 'test')).rejects.toMatchObject({ code: 'refund_exceeds_payment' });
    expect(await o.refunds(payment.id)).toHaveLength(1);
    // The database itself refuses a refund beyond the payment.
    await expect(o.db().rows(sql`UPDATE payments SET refunded_piastres = amount_piastres + 1 WHERE id = ${payment.id}`)).rejects.toThrow();
  });

  it('offers every online method in demo, each placed waiting for its payment and settled on the test page', async () => {
    const config = (await t.app.inject('/api/siteconfigb/')).json();
    expect(config).toMatchObject({ payment_methods: ['cod', 'card', 'wallet', 'kiosk', 'valu'], valu_min_order: 1000 });
    for (const method of ['wallet', 'kiosk', 'valu'] as const) {
      const { placed, payment, current } = await o.onlineOrder(method, {}, 2);
      expect(payment.method).toBe(method);
      expect(placed).toMatchObject({ status: 'pending_payment', payment_method: method });
      expect(placed.payment_url).toBe(`${t.config.storefrontUrl}/api/payments/test/${payment.reference}/`);
      // A kiosk order carries the reference to pay at the kiosk; the others none.
      if (method === 'kiosk') expect(placed.kiosk_reference).toMatch(/^\d{9}$/);
      else expect(placed.kiosk_reference).toBeNull();
      const page = await t.app.inject(`/api/payments/test/${payment.reference}/`);
      if (method === 'kiosk') expect(page.body).toContain(placed.kiosk_reference);
      await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('approve') });
      expect(await current()).toMatchObject({
        status: 'placed',
        payment_method: method,
        payment: { status: 'paid' },
        kiosk_reference: null,
      });
    }
  });

  it('cancels online orders left unpaid, a kiosk reference after 48 hours and a payment page after two', async () => {
    const age = (paymentId: number, hours: number) =>
      o.db().rows(sql`UPDATE payments SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${paymentId}`);
    const lateKiosk = await o.onlineOrder('kiosk');
    const kiosk = await o.onlineOrder('kiosk');
    const lateCard = await o.cardOrder();
    const card = await o.cardOrder();
    await age(lateKiosk.payment.id, 49);
    await age(kiosk.payment.id, 47);
    await age(lateCard.payment.id, 3);
    await age(card.payment.id, 1);

    const cancelled = await expireUnpaidOrders(o.db(), t.config);
    expect(cancelled.map((order) => order.id)).toEqual([lateKiosk.placed.id, lateCard.placed.id]);
    expect((await lateKiosk.current()).status).toBe('cancelled');
    expect(await o.stock(lateKiosk.productId)).toBe(4);
    expect((await kiosk.current()).status).toBe('pending_payment');
    expect((await lateCard.current()).status).toBe('cancelled');
    expect((await card.current()).status).toBe('pending_payment');
    expect(await expireUnpaidOrders(o.db(), t.config)).toEqual([]);

    // Paid after all: the money goes back instead of reviving the order.
    await t.app.inject({ url: `/api/payments/test/${lateCard.payment.reference}/`, ...form('approve') });
    expect((await lateCard.current()).status).toBe('cancelled');
    expect(await o.refunds(lateCard.payment.id)).toEqual([expect.objectContaining({ reason: 'paid_after_cancellation' })]);
  });

  it('refuses valU below its minimum and changes nothing', async () => {
    const s = await o.shopperWithAddress();
    const productId = await o.productWithStock(4, 70_000);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const refused = await o.order(s, { address: s.addressId, payment_method: 'valu' }, { 'accept-language': 'ar' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ payment_method: ['يبدأ التقسيط مع ڤاليو من ١٬٠٠٠ ج.م. اختر طريقة دفع أخرى.'] });
    expect(await o.stock(productId)).toBe(4);
    expect((await s.get('/api/orders/')).json()).toMatchObject({ count: 0 });
  });

  it('has no Paymob callback while Paymob is not configured', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/payments/callback/?hmac=00', payload: { obj: {} } });
    expect(answer.statusCode).toBe(404);
  });
});

/** Paymob's API on this machine: records refund calls and answers them as told. */
async function paymobStandIn() {
  const refundCalls: Record<string, unknown>[] = [];
  const payCalls: { source: { identifier: string; subtype: string }; payment_token: string }[] = [];
  let refundAnswer: { status: number; body: Record<string, unknown> } = { status: 200, body: { id: 9001, success: true, pending: false } };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.url === '/auth/tokens') return send(200, { token: 'auth-token' });
      if (request.url === '/ecommerce/orders') return send(200, { id: 555 });
      if (request.url === '/acceptance/payment_keys') return send(200, { token: 'payment-key' });
      if (request.url === '/acceptance/payments/pay') {
        const call = JSON.parse(body) as (typeof payCalls)[number];
        payCalls.push(call);
        if (call.source.subtype === 'WALLET') return send(200, { pending: true, redirect_url: 'https://wallet.example/confirm/1' });
        return send(200, { pending: true, data: { bill_reference: 98765432 } });
      }
      if (request.url === '/acceptance/void_refund/refund') {
        refundCalls.push(JSON.parse(body) as Record<string, unknown>);
        return send(refundAnswer.status, refundAnswer.body);
      }
      send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refundCalls,
    payCalls,
    answerRefundsWith: (answer: typeof refundAnswer) => (refundAnswer = answer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Paymob', () => {
  const HMAC = 'paymob-test-hmac-secret';
  let paymob: Awaited<ReturnType<typeof paymobStandIn>>;
  beforeAll(async () => {
    paymob = await paymobStandIn();
  });
  afterAll(() => paymob.close());
  const t = useTestApp(() => ({
    PAYMOB_API_KEY: 'key',
    PAYMOB_INTEGRATION_ID: '1',
    PAYMOB_IFRAME_ID: '2',
    PAYMOB_HMAC_SECRET: HMAC,
    PAYMOB_BASE_URL: paymob.url,
    // Wallets and kiosks have their integrations; valU has none here, so it is not offered.
    PAYMOB_WALLET_INTEGRATION_ID: '11',
    PAYMOB_KIOSK_INTEGRATION_ID: '12',
  }));
  const o = cardOrders(t);

  let transactionIds = 7_000_000;
  /** A transaction callback as Paymob sends it, signed with `secret`. */
  function transaction(reference: string, amountCents: number, fields: Record<string, unknown> = {}, secret = HMAC) {
    const obj = {
      id: transactionIds++,
      amount_cents: amountCents,
      created_at: '2026-11-24T10:00:00Z',
      currency: 'EGP',
      error_occured: false,
      has_parent_transaction: false,
      integration_id: 1,
      is_3d_secure: true,
      is_auth: false,
      is_capture: false,
      is_refunded: false,
      is_standalone_payment: true,
      is_voided: false,
      order: { id: 555, merchant_order_id: reference },
      owner: 1,
      pending: false,
      source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      success: true,
      ...fields,
    };
    return { obj, hmac: signTransaction(obj, secret) };
  }
  const callback = (signed: { obj: unknown; hmac: string }, path = '/api/payments/callback/') =>
    t.app.inject({
      method: 'POST',
      url: `${path}?hmac=${signed.hmac}`,
      payload: { type: 'TRANSACTION', obj: signed.obj } as object,
    });

  it('takes a wallet payment: the wallet’s page, then the signed callback on the wallet’s own path', async () => {
    expect((await t.app.inject('/api/siteconfigb/')).json()).toMatchObject({ payment_methods: ['cod', 'card', 'wallet', 'kiosk'] });
    const { placed, payment, current } = await o.onlineOrder('wallet');
    expect(placed.payment_url).toBe('https://wallet.example/confirm/1');
    // The wallet's number as Paymob wants it: the delivery address's phone, written 01xxxxxxxxx.
    expect(paymob.payCalls.at(-1)).toEqual({ source: { identifier: '01001112223', subtype: 'WALLET' }, payment_token: 'payment-key' });
    const paid = transaction(payment.reference, payment.amount_piastres, { integration_id: 11, source_data: { type: 'wallet' } });
    // Not on the card's path, nor with another integration's id.
    expect((await callback(paid)).json()).toMatchObject({ code: 'wrong_method' });
    const cardSigned = transaction(payment.reference, payment.amount_piastres, { integration_id: 1 });
    expect((await callback(cardSigned, '/api/payments/callback/wallet/')).json()).toMatchObject({ code: 'wrong_method' });
    expect((await current()).status).toBe('pending_payment');
    expect((await callback(paid, '/api/payments/callback/wallet/')).json()).toEqual({ detail: 'Payment recorded.' });
    expect(await current()).toMatchObject({ status: 'placed', payment_method: 'wallet', payment: { status: 'paid' } });
  });

  it('takes a kiosk payment: a reference to pay in cash, settled when the kiosk’s payment is called back', async () => {
    const { placed, payment, current } = await o.onlineOrder('kiosk');
    expect(placed).toMatchObject({ status: 'pending_payment', payment_url: null, kiosk_reference: '98765432' });
    expect(paymob.payCalls.at(-1)?.source).toEqual({ identifier: 'AGGREGATOR', subtype: 'AGGREGATOR' });
    const path = '/api/payments/callback/kiosk/';
    // Paymob first reports the reference as pending: nothing changes until it is paid.
    const waiting = transaction(payment.reference, payment.amount_piastres, { integration_id: 12, pending: true, success: false });
    expect((await callback(waiting, path)).json()).toEqual({ detail: 'Payment pending.' });
    expect(await current()).toMatchObject({ status: 'pending_payment', kiosk_reference: '98765432' });
    expect((await callback(transaction(payment.reference, payment.amount_piastres, { integration_id: 12 }), path)).statusCode).toBe(200);
    expect(await current()).toMatchObject({ status: 'placed', kiosk_reference: null, payment: { status: 'paid' } });
  });

  it('offers no method without its integration: valU is refused and has no callback path', async () => {
    const s = await o.shopperWithAddress();
    await s.post('/api/cart-products/', { product: await o.productWithStock(4, 70_000), quantity: 2 });
    const refused = await o.order(s, { address: s.addressId, payment_method: 'valu' });
    expect(refused.json()).toEqual({ payment_method: ['This way to pay is not available. Choose another one.'] });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/callback/valu/?hmac=00', payload: { obj: {} } })).statusCode).toBe(
      404,
    );
  });

  it('has no test gateway', async () => {
    const { payment, placed } = await o.cardOrder();
    expect(placed.payment_url).toBe(`${paymob.url}/acceptance/iframes/2?payment_token=payment-key`);
    expect((await t.app.inject(`/api/payments/test/${payment.reference}/`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/payments/test/${payment.reference}/`, ...form('approve') })).statusCode).toBe(404);
  });

  /** The transaction as Paymob's response callback puts it in the shopper's address: flattened, with its signature. */
  function returnPath({ obj, hmac }: ReturnType<typeof transaction>) {
    const { order, source_data: source, ...flat } = obj;
    const query = new URLSearchParams(Object.entries(flat).map(([key, value]) => [key, String(value)]));
    query.set('order', String(order.id));
    query.set('merchant_order_id', order.merchant_order_id);
    for (const [key, value] of Object.entries(source)) query.set(`source_data.${key}`, value);
    query.set('hmac', hmac);
    return `/api/payments/return/?${query}`;
  }

  it('sends the shopper back from paying to the shop’s public address, settling the payment on the way', async () => {
    const { placed, payment, current } = await o.cardOrder({ 'accept-language': 'ar' });
    const forged = await t.app.inject(returnPath(transaction(payment.reference, payment.amount_piastres, {}, 'not-the-secret')));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'bad_signature' });
    expect((await current()).status).toBe('pending_payment');

    const signed = transaction(payment.reference, payment.amount_piastres);
    for (let visit = 0; visit < 2; visit++) {
      const back = await t.app.inject(returnPath(signed));
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`${t.config.storefrontUrl}/ar/?order_id=${placed.order_number}&payment=paid`);
    }
    expect(await current()).toMatchObject({ status: 'placed', payment: { status: 'paid' } });
    // The processed callback arriving afterwards is the same transaction: nothing more happens.
    expect((await callback(signed)).json()).toEqual({ detail: 'Already processed.' });

    const declined = await o.cardOrder();
    const refused = await t.app.inject(
      returnPath(transaction(declined.payment.reference, declined.payment.amount_piastres, { success: false })),
    );
    expect(refused.headers.location).toBe(`${t.config.storefrontUrl}/?order_id=${declined.placed.order_number}&payment=declined`);
    expect((await declined.current()).status).toBe('cancelled');
  });

  it('answers a malformed return with a 400 in the contract’s shape', async () => {
    const shapes = ['/api/payments/return/', '/api/payments/return/?hmac=abc', '/api/payments/return/?hmac=a&hmac=b&merchant_order_id=x'];
    for (const path of shapes) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path).toBe(400);
      expect(ValidationErrorBody.safeParse(response.json()).success, path).toBe(true);
    }
    const unsigned = await t.app.inject('/api/payments/return/?hmac=abc&merchant_order_id=nope');
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'bad_signature' });
  });

  it('settles a payment on a signed callback; a replay changes nothing; a forged one is refused', async () => {
    const { payment, current } = await o.cardOrder();
    const forged = transaction(payment.reference, payment.amount_piastres, {}, 'not-the-secret');
    expect((await callback(forged)).json()).toMatchObject({ code: 'bad_signature' });
    expect((await current()).status).toBe('pending_payment');
    const paid = transaction(payment.reference, payment.amount_piastres);
    expect((await callback(paid)).json()).toEqual({ detail: 'Payment recorded.' });
    expect(await current()).toMatchObject({ status: 'placed', payment: { status: 'paid' } });
    expect((await callback(paid)).json()).toEqual({ detail: 'Already processed.' });
  });

  it('refuses a transaction id already recorded, on this payment or another', async () => {
    const first = await o.cardOrder();
    const second = await o.cardOrder();
    const paid = transaction(first.payment.reference, first.payment.amount_piastres);
    await callback(paid);
    // The same transaction id presented for another payment.
    const reused = transaction(second.payment.reference, second.payment.amount_piastres, { id: paid.obj.id });
    const answer = await callback(reused);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'transaction_reused' });
    expect((await second.current()).status).toBe('pending_payment');
    // Another transaction for a payment already settled.
    expect((await callback(transaction(first.payment.reference, first.payment.amount_piastres, { success: false }))).json()).toMatchObject({
      code: 'transaction_reused',
    });
    expect((await first.current()).status).toBe('placed');
  });

  it('settles only Paymob’s own payments: a test-gateway payment cannot be approved through it', async () => {
    const { payment, current } = await o.cardOrder();
    await o.db().rows(sql`UPDATE payments SET provider = 'test' WHERE id = ${payment.id}`);
    expect((await callback(transaction(payment.reference, payment.amount_piastres))).json()).toMatchObject({ code: 'unknown_order' });
    expect((await current()).status).toBe('pending_payment');
  });

  it('answers any malformed callback with a 400 in the contract’s shape', async () => {
    for (const payload of [
      {},
      { obj: [] },
      { obj: { id: 1, amount_cents: 'ten', success: true, order: { id: 1 } } },
      [1, 2],
      { obj: { id: null } },
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/payments/callback/?hmac=00', payload: payload as object });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof answer.json()).toBe('object');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/callback/', payload: { obj: {} } })).statusCode).toBe(400);
  });

  it('refunds a cancelled paid order through Paymob’s refund call', async () => {
    const { s, placed, payment, current } = await o.cardOrder();
    const paid = transaction(payment.reference, payment.amount_piastres);
    await callback(paid);
    paymob.answerRefundsWith({ status: 200, body: { id: 9002, success: true, pending: false } });
    expect((await s.post(`/api/orders/${placed.id}/cancel/`)).statusCode).toBe(200);
    expect(paymob.refundCalls.at(-1)).toMatchObject({ transaction_id: String(paid.obj.id), amount_cents: payment.amount_piastres });
    expect(await current()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', refunded: payment.amount_piastres / 100 },
    });
  });

  it('shows the refund pending until Paymob confirms it', async () => {
    const { s, placed, payment, current } = await o.cardOrder();
    await callback(transaction(payment.reference, payment.amount_piastres));
    paymob.answerRefundsWith({ status: 200, body: { id: 9003, success: true, pending: true } });
    await s.post(`/api/orders/${placed.id}/cancel/`);
    expect(await current()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refund_pending', refunded: payment.amount_piastres / 100 },
    });
    const confirmed = transaction(payment.reference, payment.amount_piastres, { is_refund: true, has_parent_transaction: true });
    expect((await callback(confirmed)).statusCode).toBe(200);
    expect(await current()).toMatchObject({ payment: { status: 'refunded', refunded: payment.amount_piastres / 100 } });
    expect(await o.refunds(payment.id)).toEqual([
      { amount_piastres: payment.amount_piastres, status: 'confirmed', reason: 'order_cancelled' },
    ]);
  });

  it('keeps the cancellation when Paymob refuses the refund, and records the failure', async () => {
    const { s, placed, payment, current } = await o.cardOrder();
    await callback(transaction(payment.reference, payment.amount_piastres));
    paymob.answerRefundsWith({ status: 500, body: {} });
    expect((await s.post(`/api/orders/${placed.id}/cancel/`)).statusCode).toBe(200);
    expect(await current()).toMatchObject({ status: 'cancelled', payment: { status: 'paid', refunded: 0 } });
    expect(await o.refunds(payment.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('refunds exactly once when a cancellation races a late approval (exact on PostgreSQL)', async () => {
    const { s, placed, payment, current } = await o.cardOrder();
    paymob.answerRefundsWith({ status: 200, body: { id: 9004, success: true, pending: false } });
    await Promise.all([
      callback(transaction(payment.reference, payment.amount_piastres)),
      s.post(`/api/orders/${placed.id}/cancel/`),
      s.post(`/api/orders/${placed.id}/cancel/`),
    ]);
    // Whichever came first, the order ends cancelled and the money goes back exactly once.
    expect(await current()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', refunded: payment.amount_piastres / 100 },
    });
    expect(await o.refunds(payment.id)).toEqual([
      expect.objectContaining({ status: 'confirmed', amount_piastres: payment.amount_piastres }),
    ]);
  });
});
