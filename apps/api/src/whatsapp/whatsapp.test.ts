import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, StaffMessagePage } from '@attar/contract';
import { configProblems } from '../config';
import { replyPayload, WHATSAPP_TEMPLATES } from '../messages/order-messages';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';
import { useSmtpServer } from '../test/smtp';
import { useProviderStandIn, useSmsGateway } from '../test/standin';
import { deliveryEnv, useOutboxWorker } from '../test/outbox';
import { receiveReplies, type ShopperReplies, type ShopperReply } from './replies';
import { fallBackOverdue } from './service';

const APP_SECRET = 'the app secret of the test Meta app';
const PHONE_NUMBER_ID = '106540352242922';

/** Meta's Graph API as documented: `{messaging_product, contacts, messages: [{id}]}`, or `{error}` for a refusal. */
const graph = useProviderStandIn(
  '/v21.0',
  (count) => ({
    messaging_product: 'whatsapp',
    contacts: [{ input: '201001112223', wa_id: '201001112223' }],
    messages: [{ id: `wamid.T${count}` }],
  }),
  { error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026, fbtrace_id: 'Az1' } },
);
const smtp = useSmtpServer();
const gateway = useSmsGateway();
const t = useTestApp(() => ({
  ...deliveryEnv(smtp, gateway),
  WHATSAPP_TOKEN: 'EAAG-test-token',
  WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'the verify token',
  WHATSAPP_GRAPH_URL: graph.url,
  WHATSAPP_FALLBACK_MINUTES: '10',
}));
const f = orderFixtures(t);

const { drainAll } = useOutboxWorker(t);

type Row = { id: number; state: string; whatsapp_status: string | null; provider_id: string | null; fell_back_at: string | null };
async function rowOf(orderId: number, channel: string, status = 'placed') {
  const [row] = await f.db().rows<Row>(sql`
    SELECT id, state, whatsapp_status, provider_id, fell_back_at FROM queued_messages
    WHERE order_id = ${orderId} AND key LIKE ${`%:${status}:${channel}`}`);
  return row;
}

/** The shop asks every cash order's shopper to confirm it (decision 0048) while `work` runs. */
async function askingShoppers(work: () => Promise<void>) {
  await f
    .db()
    .rows(sql`UPDATE site_config SET cod_confirm_rule = 'all', cod_confirm_flag_hours = 2, cod_confirm_cancel_hours = 24 WHERE id = 1`);
  try {
    await work();
  } finally {
    await f.db().rows(sql`UPDATE site_config SET cod_confirm_rule = 'none' WHERE id = 1`);
  }
}
const orderStatus = async (id: number) =>
  (await f.db().rows<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${id}`))[0]!.status;
const graphCalls = (orderNumber: string) => graph.requests.filter((request) => request.body.includes(orderNumber));
const smsCalls = (id: number) => gateway.requests.filter((request) => request.headers['idempotency-key'] === `queued-${id}`);

async function cashOrder(headers: Record<string, string> = {}, options: { optedOut?: boolean } = {}) {
  const s = await f.shopperWithAddress();
  if (options.optedOut) {
    const set = await s.call({ method: 'PUT', url: '/api/whatsapp/me/', body: { opted_out: true } });
    expect(set.json()).toEqual({ opted_out: true });
  }
  await s.post('/api/cart-products/', { product: await f.productWithStock(5), quantity: 1 });
  const placed = await f.order(s, { address: s.addressId, payment_method: 'cod' }, headers);
  expect(placed.statusCode, placed.body).toBe(201);
  return Order.parse(placed.json());
}

/** A webhook POST as Meta sends it, signed with `secret`. */
function webhook(value: object, secret = APP_SECRET) {
  const payload = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] }],
  });
  const signature = `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook/',
    payload,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
}
const status = (id: string, value: string, extra: object = {}) =>
  webhook({ statuses: [{ id, status: value, timestamp: '1750000000', recipient_id: '201001112223', ...extra }] });

describe('order messages by WhatsApp', () => {
  it('asks a cash order’s shopper once, as the approved template with its buttons in the order’s language, holding the SMS', async () =>
    askingShoppers(async () => {
      const order = await cashOrder({ 'accept-language': 'ar' });
      expect(order.status).toBe('awaiting_shopper');
      await drainAll();
      await drainAll();
      const calls = graphCalls(order.order_number);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
      expect(calls[0]!.headers.authorization).toBe('Bearer EAAG-test-token');
      const body = JSON.parse(calls[0]!.body);
      expect(body).toMatchObject({
        messaging_product: 'whatsapp',
        to: '201001112223',
        type: 'template',
        template: { name: WHATSAPP_TEMPLATES.confirm, language: { code: 'ar' } },
      });
      const [bodyPart, confirm, cancel] = body.template.components;
      expect(bodyPart.type).toBe('body');
      expect(bodyPart.parameters[0]).toEqual({ type: 'text', text: order.order_number });
      expect(bodyPart.parameters[1].text).toContain(order.order_number);
      expect(confirm).toEqual({
        type: 'button',
        sub_type: 'quick_reply',
        index: '0',
        parameters: [{ type: 'payload', payload: replyPayload('confirm', order.order_number) }],
      });
      expect(cancel.parameters[0].payload).toBe(replyPayload('cancel', order.order_number));
      expect(await rowOf(order.id, 'whatsapp', 'awaiting_shopper')).toMatchObject({
        state: 'sent',
        provider_id: expect.stringMatching(/^wamid\.T\d+$/),
      });
      const sms = await rowOf(order.id, 'sms', 'awaiting_shopper');
      expect(sms!.state).toBe('held');
      expect(smsCalls(sms!.id)).toHaveLength(0);
    }));

  it('tells a placed cash order nobody is asked to confirm as an update, without buttons', async () => {
    const order = await cashOrder();
    await drainAll();
    const [call] = graphCalls(order.order_number);
    const body = JSON.parse(call!.body);
    expect(body.template.name).toBe(WHATSAPP_TEMPLATES.update);
    expect(body.template.components).toHaveLength(1);
  });

  it('refuses a forged webhook and changes nothing', async () => {
    const order = await cashOrder();
    await drainAll();
    const { provider_id } = (await rowOf(order.id, 'whatsapp'))!;
    const forged = await webhook({ statuses: [{ id: provider_id, status: 'delivered', timestamp: '1' }] }, 'not the secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'bad_signature' });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook/', payload: { object: 'x' } });
    expect(unsigned.statusCode).toBe(401);
    expect(await rowOf(order.id, 'whatsapp')).toMatchObject({ whatsapp_status: null });
    expect((await rowOf(order.id, 'sms'))!.state).toBe('held');
    const events = await f.db().rows(sql`SELECT 1 FROM whatsapp_status_events WHERE provider_id = ${provider_id}`);
    expect(events).toHaveLength(0);
  });

  it('applies a status once, never goes back, and replaces the held SMS when delivered', async () => {
    const order = await cashOrder();
    await drainAll();
    const { provider_id } = (await rowOf(order.id, 'whatsapp'))!;
    for (const value of ['delivered', 'delivered', 'read', 'delivered', 'sent'])
      expect((await status(provider_id!, value)).statusCode).toBe(200);
    expect(await rowOf(order.id, 'whatsapp')).toMatchObject({ state: 'sent', whatsapp_status: 'read', fell_back_at: null });
    const events = await f.db().rows<{ status: string }>(sql`
      SELECT status FROM whatsapp_status_events WHERE provider_id = ${provider_id} ORDER BY id`);
    expect(events.map((event) => event.status)).toEqual(['delivered', 'read', 'sent']);
    const sms = (await rowOf(order.id, 'sms'))!;
    expect(sms.state).toBe('replaced');
    // Not delivered in time is asked too late: the SMS stays replaced.
    await f.db().rows(sql`UPDATE queued_messages SET created_at = now() - interval '1 hour' WHERE order_id = ${order.id}`);
    expect(await fallBackOverdue(f.db(), 10)).not.toContain((await rowOf(order.id, 'whatsapp'))!.id);
    await drainAll();
    expect(smsCalls(sms.id)).toHaveLength(0);
  });

  it('sends the SMS once when WhatsApp refuses the message', async () => {
    const order = await cashOrder();
    graph.statuses.push(400);
    await drainAll();
    await drainAll();
    expect(await rowOf(order.id, 'whatsapp')).toMatchObject({ state: 'dead', fell_back_at: expect.any(String) });
    const sms = (await rowOf(order.id, 'sms'))!;
    expect(sms.state).toBe('sent');
    expect(smsCalls(sms.id)).toHaveLength(1);
    expect(graphCalls(order.order_number)).toHaveLength(1);
  });

  it('sends the SMS once when WhatsApp reports the message failed, even if told twice', async () => {
    const order = await cashOrder();
    await drainAll();
    const { provider_id } = (await rowOf(order.id, 'whatsapp'))!;
    const failed = { errors: [{ code: 131047, title: 'Re-engagement message' }] };
    expect((await status(provider_id!, 'failed', failed)).statusCode).toBe(200);
    expect((await status(provider_id!, 'failed', failed)).statusCode).toBe(200);
    await drainAll();
    expect(await rowOf(order.id, 'whatsapp')).toMatchObject({ state: 'dead', whatsapp_status: 'failed' });
    const sms = (await rowOf(order.id, 'sms'))!;
    expect(smsCalls(sms.id)).toHaveLength(1);
  });

  it('sends the SMS when no delivery is reported in time, and only then', async () => {
    const order = await cashOrder();
    await drainAll();
    const whatsapp = (await rowOf(order.id, 'whatsapp'))!;
    await status(whatsapp.provider_id!, 'sent');
    expect(await fallBackOverdue(f.db(), 10)).not.toContain(whatsapp.id);
    await f.db().rows(sql`UPDATE queued_messages SET created_at = now() - interval '11 minutes' WHERE order_id = ${order.id}`);
    expect(await fallBackOverdue(f.db(), 10)).toContain(whatsapp.id);
    expect(await fallBackOverdue(f.db(), 10)).not.toContain(whatsapp.id);
    await drainAll();
    // Delivered after all: the SMS has gone already, and the message says so.
    await status(whatsapp.provider_id!, 'delivered');
    expect(await rowOf(order.id, 'whatsapp')).toMatchObject({ whatsapp_status: 'delivered', fell_back_at: expect.any(String) });
    const sms = (await rowOf(order.id, 'sms'))!;
    expect(sms.state).toBe('sent');
    expect(smsCalls(sms.id)).toHaveLength(1);
  });

  it('sends a shopper who opted out of WhatsApp the SMS only', async () => {
    const order = await cashOrder({}, { optedOut: true });
    await drainAll();
    expect(await rowOf(order.id, 'whatsapp')).toBeUndefined();
    expect(graphCalls(order.order_number)).toHaveLength(0);
    const sms = (await rowOf(order.id, 'sms'))!;
    expect(sms.state).toBe('sent');
    expect(smsCalls(sms.id)).toHaveLength(1);
  });
});

describe('the shopper’s WhatsApp preference', () => {
  it('is their own to read and set, and refuses bad input', async () => {
    const s = await f.shopperWithAddress();
    const other = await f.shopperWithAddress();
    expect((await s.get('/api/whatsapp/me/')).json()).toEqual({ opted_out: false });
    const set = await s.call({ method: 'PUT', url: '/api/whatsapp/me/', body: { opted_out: true } });
    expect(set.json()).toEqual({ opted_out: true });
    expect((await s.get('/api/whatsapp/me/')).json()).toEqual({ opted_out: true });
    expect((await other.get('/api/whatsapp/me/')).json()).toEqual({ opted_out: false });
    const bad = await s.call({ method: 'PUT', url: '/api/whatsapp/me/', body: { opted_out: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect((await s.get('/api/whatsapp/me/')).json()).toEqual({ opted_out: true });
    expect((await t.app.inject('/api/whatsapp/me/')).statusCode).toBe(401);
    // Staff who read customers see it; fulfilment does not.
    const support = await signedInStaff(t, 'support');
    expect((await support.get(`/api/staff/customers/${s.user.id}/`)).json()).toMatchObject({ whatsapp_opt_out: true });
    expect((await (await signedInStaff(t, 'fulfilment')).get(`/api/staff/customers/${s.user.id}/`)).statusCode).toBe(403);
  });
});

describe('WhatsApp messages in the back office', () => {
  it('shows managers each one’s status and fallback, lets them send a failed one again, and not fulfilment', async () => {
    const order = await cashOrder();
    graph.statuses.push(400);
    await drainAll();
    const whatsapp = (await rowOf(order.id, 'whatsapp'))!;
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect((await fulfilment.get('/api/staff/messages/?state=dead')).statusCode).toBe(403);
    expect((await fulfilment.post(`/api/staff/messages/${whatsapp.id}/retry/`)).statusCode).toBe(403);
    const manager = await signedInStaff(t, 'manager');
    const dead = StaffMessagePage.parse((await manager.get('/api/staff/messages/?state=dead&page_size=100')).json());
    expect(dead.results.find((message) => message.id === whatsapp.id)).toMatchObject({
      channel: 'whatsapp',
      state: 'dead',
      whatsapp_status: null,
      fell_back_at: expect.any(String),
      last_error: expect.stringContaining('131026'),
    });
    expect((await manager.post(`/api/staff/messages/${whatsapp.id}/retry/`)).statusCode).toBe(200);
    await drainAll();
    const resent = (await rowOf(order.id, 'whatsapp'))!;
    expect(resent).toMatchObject({ state: 'sent', whatsapp_status: null });
    await status(resent.provider_id!, 'delivered');
    const sent = StaffMessagePage.parse((await manager.get('/api/staff/messages/?state=sent&page_size=100')).json());
    expect(sent.results.find((message) => message.id === whatsapp.id)).toMatchObject({ whatsapp_status: 'delivered' });
    // The SMS went when WhatsApp failed, once; the later delivery does not take it back.
    expect(smsCalls((await rowOf(order.id, 'sms'))!.id)).toHaveLength(1);
  });
});

describe('the webhook', () => {
  const verify = (query: string) => t.app.inject({ method: 'GET', url: `/api/whatsapp/webhook/?${query}` });

  it('answers Meta’s verification only with the verify token', async () => {
    const ok = await verify('hub.mode=subscribe&hub.verify_token=the%20verify%20token&hub.challenge=1158201444');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await verify('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'webhook_not_verified' });
  });

  it('refuses a signed body that is not a webhook, changing nothing', async () => {
    const answer = await webhook({ statuses: 'delivered' });
    expect(answer.statusCode).toBe(400);
  });

  it('records a button’s answer once, and one it does not know', async () => {
    const order = await cashOrder();
    const inbound = (id: string, message: object) =>
      webhook({ contacts: [{ wa_id: '201001112223' }], messages: [{ id, from: '201001112223', timestamp: '1750000000', ...message }] });
    const payload = replyPayload('confirm', order.order_number);
    expect((await inbound(`wamid.in-${order.id}`, { type: 'button', button: { payload, text: 'Confirm' } })).statusCode).toBe(200);
    expect((await inbound(`wamid.in-${order.id}`, { type: 'button', button: { payload, text: 'Confirm' } })).statusCode).toBe(200);
    expect((await inbound(`wamid.text-${order.id}`, { type: 'text', text: { body: 'Where is my parcel?' } })).statusCode).toBe(200);
    const replies = await f.db().rows<{ answer: string | null; order_number: string | null; body: string }>(sql`
      SELECT answer, order_number, body FROM whatsapp_replies WHERE provider_id IN (${`wamid.in-${order.id}`}, ${`wamid.text-${order.id}`})
      ORDER BY id`);
    expect(replies).toEqual([
      { answer: 'confirm', order_number: order.order_number, body: payload },
      { answer: null, order_number: null, body: 'Where is my parcel?' },
    ]);
  });
});

describe('shoppers’ answers', () => {
  it('confirm a waiting cash order from its button, once: a later Cancel changes nothing', async () =>
    askingShoppers(async () => {
      const order = await cashOrder();
      const button = (id: string, answer: 'confirm' | 'cancel') =>
        webhook({
          contacts: [{ wa_id: '201001112223' }],
          messages: [
            {
              id,
              from: '201001112223',
              timestamp: '1750000000',
              type: 'button',
              button: { payload: replyPayload(answer, order.order_number), text: answer },
            },
          ],
        });
      expect((await button(`wamid.yes-${order.id}`, 'confirm')).statusCode).toBe(200);
      expect(await orderStatus(order.id)).toBe('placed');
      expect((await button(`wamid.no-${order.id}`, 'cancel')).statusCode).toBe(200);
      expect(await orderStatus(order.id)).toBe('placed');
      const [question] = await f.db().rows<{ answer: string; answered_via: string }>(sql`
        SELECT answer, answered_via FROM order_confirmations WHERE order_id = ${order.id}`);
      expect(question).toEqual({ answer: 'confirmed', answered_via: 'whatsapp' });
    }));

  it('cancel a waiting cash order from its button, its stock given back', async () =>
    askingShoppers(async () => {
      const order = await cashOrder();
      const [line] = await f.db().rows<{ variant_id: number }>(sql`SELECT variant_id FROM order_items WHERE order_id = ${order.id}`);
      const stock = async () =>
        (await f.db().rows<{ stock: number }>(sql`SELECT stock FROM product_variants WHERE id = ${line!.variant_id}`))[0]!.stock;
      const before = await stock();
      const answer = await webhook({
        contacts: [{ wa_id: '201001112223' }],
        messages: [
          {
            id: `wamid.x-${order.id}`,
            from: '201001112223',
            timestamp: '1750000000',
            type: 'button',
            button: { payload: replyPayload('cancel', order.order_number), text: 'Cancel' },
          },
        ],
      });
      expect(answer.statusCode).toBe(200);
      expect(await orderStatus(order.id)).toBe('cancelled');
      expect(await stock()).toBe(before + 1);
    }));

  it('hands a known answer from the order’s phone to the handler once, and records the others', async () => {
    const order = await cashOrder();
    const heard: ShopperReply[] = [];
    const fake: ShopperReplies = { onShopperReply: async (_rows, reply) => void heard.push(reply) };
    const cancel = replyPayload('cancel', order.order_number);
    await receiveReplies(f.db(), fake, [
      { providerId: `wamid.a-${order.id}`, from: '201001112223', body: cancel },
      { providerId: `wamid.a-${order.id}`, from: '201001112223', body: cancel },
      { providerId: `wamid.b-${order.id}`, from: '201009998887', body: cancel },
      { providerId: `wamid.c-${order.id}`, from: '201001112223', body: 'maybe' },
    ]);
    expect(heard).toEqual([{ orderNumber: order.order_number, answer: 'cancel' }]);
    const recorded = await f.db().rows<{ answer: string | null }>(sql`
      SELECT answer FROM whatsapp_replies WHERE provider_id LIKE ${`wamid._-${order.id}`} ORDER BY id`);
    expect(recorded).toEqual([{ answer: 'cancel' }, { answer: null }, { answer: null }]);
  });

  it('records nothing when the handler fails, so WhatsApp’s retry is heard', async () => {
    const order = await cashOrder();
    const failing: ShopperReplies = {
      onShopperReply: async () => {
        throw new Error('not now');
      },
    };
    const reply = { providerId: `wamid.f-${order.id}`, from: '201001112223', body: replyPayload('confirm', order.order_number) };
    await expect(receiveReplies(f.db(), failing, [reply])).rejects.toThrow('not now');
    expect(await f.db().rows(sql`SELECT 1 FROM whatsapp_replies WHERE provider_id = ${reply.providerId}`)).toHaveLength(0);
  });
});

describe('WhatsApp settings', () => {
  const full = {
    WHATSAPP_TOKEN: 't',
    WHATSAPP_PHONE_NUMBER_ID: '1',
    WHATSAPP_APP_SECRET: 's',
    WHATSAPP_VERIFY_TOKEN: 'v',
  };

  it('refuses a half-configured WhatsApp, in production as in demo mode', () => {
    for (const NODE_ENV of ['production', 'development'])
      expect(configProblems({ NODE_ENV, WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' })).toContainEqual(
        'WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: WhatsApp needs all of WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN',
      );
    expect(configProblems({ NODE_ENV: 'production', ...full }).filter((problem) => problem.includes('WHATSAPP'))).toEqual([]);
    expect(configProblems({ NODE_ENV: 'production', WHATSAPP_STANDIN: 'on' })).toContainEqual(
      'WHATSAPP_STANDIN: the WhatsApp stand-in exists in demo mode only',
    );
    expect(configProblems({ ...full, WHATSAPP_FALLBACK_MINUTES: 'soon' })).toContainEqual(
      'WHATSAPP_FALLBACK_MINUTES: not a whole number of minutes',
    );
  });
});
