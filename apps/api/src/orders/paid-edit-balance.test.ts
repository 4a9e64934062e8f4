/**
 * A paid order edited to a higher total (decision 0062): the edit applies and opens a payment for the balance, whose
 * link goes out in one message with the new total; the order owes it (its page, the link's page) and is not handed
 * over until it is paid; paying it through the link settles the balance once without moving the order; a later
 * cancellation or edit refunds across both payments; with online payments off or the parcel already with a courier
 * it is refused; roles and bad input change nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  Order,
  paginated,
  PaymentLinkView,
  ReportsDashboard,
  StaffHandOverResult,
  StaffOrder,
  StaffOrderEditPreview,
  type Locale,
} from '@attar/contract';
import { money } from '../i18n/catalogue';
import { paymentTold } from '../messages/payment-told';
import { renderOrderMessage, type OrderMessagePayload } from '../messages/order-messages';
import { settlePayment } from '../payments/service';
import { editOrder, previewOrderEdit } from './order-edits';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

// A courier that is set up (never reached: every hand-over here is refused before its job).
const t = useTestApp({ BOSTA_API_KEY: 'bosta-test-api-key', BOSTA_WEBHOOK_SECRET: 'a webhook secret of the shop, long enough' });
const f = orderFixtures(t);
const db = () => f.db();
const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;
const payments = () => ({ database: db(), config: t.config, log: silentLog });
const staffContext = () => ({ ...payments(), mediaBase: '' });

/** A signed-in shopper's card order of two units at 700 LE (a third raises its total), paid on the test gateway and confirmed by staff. */
async function paidOrder(locale: Locale = 'en') {
  const staff = await signedInStaff(t, 'manager');
  const s = await f.shopperWithAddress();
  const product = await f.productWithStock(6, 70_000);
  await s.post('/api/cart-products/', { product, quantity: 2 });
  const response = await f.order(s, { address: s.addressId, payment_method: 'card' }, { 'accept-language': locale });
  expect(response.statusCode, response.body).toBe(201);
  const placed = Order.parse(response.json());
  expect((await f.payOnTestGateway(placed.id)).statusCode).toBeLessThan(400);
  expect((await staff.act(placed.id, 'confirm')).statusCode).toBe(200);
  return { s, product, placed, order: await staff.order(placed.id) };
}

const edit = (staff: StaffCaller, id: number, body: Record<string, unknown>) => staff.post(`/api/staff/orders/${id}/edit/`, body);
const preview = (staff: StaffCaller, id: number, body: Record<string, unknown>) =>
  staff.post(`/api/staff/orders/${id}/edit/preview/`, body);

/** The order edited to `units` units of `product`: the staff member's view after it, and what it now owes. */
async function raised(staff: StaffCaller, order: StaffOrder, product: number, units = 3) {
  const response = await edit(staff, order.id, { version: order.version, items: [{ product, quantity: units }] });
  expect(response.statusCode, response.body).toBe(200);
  const edited = StaffOrder.parse(response.json());
  return { edited, owed: Math.round((edited.total - order.total) * 100) / 100 };
}

const sentLink = (orderId: number) => f.sentPaymentLink(orderId);

const view = async (token: string, locale: Locale = 'en') => {
  const response = await t.app.inject({
    url: `/api/payment-links/?token=${encodeURIComponent(token)}`,
    headers: { 'accept-language': locale },
  });
  expect(response.statusCode, response.body).toBe(200);
  return PaymentLinkView.parse(response.json());
};

/** "Pay" on the link's page, then "Approve" (or "Decline") on the test gateway's page it leads to. */
async function payFromLink(token: string, decision: 'approve' | 'decline' = 'approve') {
  const pressed = await t.app.inject({
    method: 'POST',
    url: '/api/payment-links/pay/',
    payload: `token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(pressed.statusCode).toBe(303);
  const gateway = new URL(pressed.headers.location as string, 'http://shop.test');
  expect(gateway.pathname).toMatch(/^\/api\/payments\/test\/[\w-]+\/$/);
  return t.app.inject({
    method: 'POST',
    url: gateway.pathname,
    payload: `decision=${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const balancePayments = (orderId: number) =>
  db().rows<{ id: number; status: string; amount_piastres: number; reference: string }>(sql`
    SELECT id, status, amount_piastres, reference FROM payments WHERE order_id = ${orderId} AND purpose = 'balance' ORDER BY id`);

describe('a paid order edited to a higher total', () => {
  it('applies the edit, owes the difference and sends one message per channel with the new total and the link', async () => {
    const support = await signedInStaff(t, 'support');
    const { product, order } = await paidOrder();
    const body = { version: order.version, items: [{ product, quantity: 3 }] };
    const shown = StaffOrderEditPreview.parse((await preview(support, order.id, body)).json());
    const { edited, owed } = await raised(support, order, product);
    expect(owed).toBeGreaterThan(0);
    expect(shown).toMatchObject({ refused: null, refund: 0, balance_due: owed, difference: owed });
    expect(edited).toMatchObject({ status: 'confirmed', balance_due: owed });
    expect(edited.payment_link).toMatchObject({ state: 'payable', balance: true, sends: 1 });
    expect(await f.stock(product)).toBe(3);
    expect(await balancePayments(order.id)).toEqual([
      expect.objectContaining({ status: 'pending', amount_piastres: Math.round(owed * 100) }),
    ]);

    const queued = await db().rows<{ key: string }>(sql`
      SELECT key FROM queued_messages WHERE order_id = ${order.id} AND kind = 'order_event' AND key NOT LIKE '%:status:%' ORDER BY key`);
    expect(queued.map((q) => q.key)).toEqual([`order:${order.id}:payment_link:1:email`, `order:${order.id}:payment_link:1:sms`]);
    const { sms, url } = await sentLink(order.id);
    expect(sms).toContain(order.order_number);
    expect(sms).toContain(`The new total is ${money('en', Math.round(edited.total * 100))}`);
    expect(sms).toContain(`${money('en', Math.round(owed * 100))} is left to pay`);
    expect(url.pathname).toBe('/pay-order');
    // The e-mail's order shows it as it is: paid by card, confirmed (not waiting for its first payment).
    const [email] = await db().rows<{ payload: OrderMessagePayload; recipient: string }>(sql`
      SELECT payload, recipient FROM queued_messages WHERE order_id = ${order.id} AND channel = 'email' AND key LIKE '%:payment_link:%'`);
    const mail = (await renderOrderMessage(db(), t.config, { orderId: order.id, channel: 'email', locale: 'en', ...email! })) as {
      email: { subject: string; text: string };
    };
    expect(mail.email.subject).toContain(`${money('en', Math.round(owed * 100))} left to pay`);
    const paidLine = paymentTold('en', 'confirmed', { method: 'card', payment: 'paid', kioskReference: null, kioskDeadline: null }, 0).line;
    expect(mail.email.text).toContain(paidLine);

    const [audit] = await db().rows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(sql`
      SELECT before, after FROM audit_log WHERE action = 'order.edit' AND entity_id = ${String(order.id)}`);
    expect(audit).toMatchObject({ before: { balance_due_piastres: 0 }, after: { balance_due_piastres: Math.round(owed * 100) } });
  });

  it('shows the amount due on the link’s page in the order’s language, then that it is settled', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder('ar');
    const { edited, owed } = await raised(manager, order, product);
    const { token, url, sms } = await sentLink(order.id);
    expect(url.pathname).toBe('/ar/pay-order');
    expect(sms).toContain('المتبقي للدفع');
    expect(await view(token, 'ar')).toMatchObject({ state: 'payable', balance: true, amount_due: owed, total: edited.total });

    // The reports' reconciliation sees the order paid another amount until the balance comes, then one sum that adds up.
    const owner = await signedInStaff(t, 'owner');
    const exception = async () =>
      ReportsDashboard.parse((await owner.get('/api/staff/reports/dashboard/?period=today')).json()).payments.exceptions.find(
        (row) => row.order_number === order.order_number,
      );
    expect(await exception()).toMatchObject({ kind: 'amount_mismatch', paid: order.total, order_total: edited.total });

    expect((await payFromLink(token)).statusCode).toBe(303);
    expect(await exception()).toBeUndefined();
    expect(await view(token)).toMatchObject({ state: 'paid', balance: true, amount_due: 0 });
    const after = await manager.order(order.id);
    expect(after).toMatchObject({ status: 'confirmed', balance_due: 0, payment_link: { state: 'paid' } });
    expect(after.payments.map((p) => [p.purpose, p.status, p.amount])).toEqual([
      ['order', 'paid', order.total],
      ['balance', 'paid', owed],
    ]);
    expect(after.audit.map((entry) => entry.action)).toContain('order.balance_paid');
    // A second press of "Pay" goes back to the page: nothing is owed.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links/pay/',
      payload: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.headers.location).toMatch(/^\/ar\/pay-order\?token=/);
  });

  it('settles the balance once however often its callback comes, at once too, and never moves the order', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder();
    await raised(manager, order, product);
    const [balance] = await balancePayments(order.id);
    const outcome = { transactionId: `test-balance-${order.id}`, success: true, amountPiastres: balance!.amount_piastres };
    const answers = await Promise.all([
      settlePayment(payments(), 'test', balance!.reference, outcome),
      settlePayment(payments(), 'test', balance!.reference, outcome),
    ]);
    expect(answers.map((a) => a.detail).sort()).toEqual(['Already processed.', 'Payment recorded.'].sort());
    expect((await settlePayment(payments(), 'test', balance!.reference, outcome)).detail).toBe('Already processed.');
    const [paid] = await db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'order.balance_paid' AND entity_id = ${String(order.id)}`);
    expect(paid!.n).toBe(1);
    const after = await manager.order(order.id);
    expect(after).toMatchObject({ status: 'confirmed', balance_due: 0 });
    expect(after.timeline.filter((step) => step.to === 'placed')).toHaveLength(1);
  });

  it('asks again after a declined balance: the order stays, owing, and the link pays with a new payment', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder();
    const { owed } = await raised(manager, order, product);
    const { token } = await sentLink(order.id);
    expect((await payFromLink(token, 'decline')).statusCode).toBe(303);
    expect(await manager.order(order.id)).toMatchObject({ status: 'confirmed', balance_due: owed });
    expect(await view(token)).toMatchObject({ state: 'payable', amount_due: owed });
    expect((await payFromLink(token)).statusCode).toBe(303);
    expect((await balancePayments(order.id)).map((p) => p.status)).toEqual(['declined', 'paid']);
    expect(await manager.order(order.id)).toMatchObject({ balance_due: 0 });
  });

  it('after the link runs out the order stays owing, and staff’s resend asks again for the shop’s hours', async () => {
    const support = await signedInStaff(t, 'support');
    const { product, order } = await paidOrder();
    const { owed } = await raised(support, order, product);
    await db().rows(sql`UPDATE payment_links SET first_sent_at = first_sent_at - interval '30 hours',
      last_sent_at = last_sent_at - interval '30 hours', expires_at = expires_at - interval '30 hours' WHERE order_id = ${order.id}`);
    const { token } = await sentLink(order.id);
    expect(await view(token)).toMatchObject({ state: 'expired', amount_due: owed });
    const expired = await support.order(order.id);
    expect(expired).toMatchObject({ status: 'confirmed', balance_due: owed, payment_link: { state: 'expired' } });

    const resent = await support.post(`/api/staff/orders/${order.id}/resend-payment-link/`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(StaffOrder.parse(resent.json()).payment_link).toMatchObject({ state: 'payable', sends: 2 });
    expect((await payFromLink(token)).statusCode).toBe(303);
    expect(await support.order(order.id)).toMatchObject({ balance_due: 0, payment_link: { state: 'paid' } });
  });
});

describe('an order owing a balance', () => {
  it('is not handed over (by hand, in bulk or to a courier) until paid, in both languages; then it is', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder();
    const { owed } = await raised(manager, order, product);
    // Packed while it owes (packing is the shop's own step); only the hand-over waits.
    expect((await fulfilment.act(order.id, 'pack')).statusCode).toBe(200);
    const packed = await fulfilment.order(order.id);
    const ship = { courier: 'Aramex', tracking_number: `TRK-${order.id}` };
    const before = await db().rows(sql`SELECT status, version, courier_name FROM orders WHERE id = ${order.id}`);

    const single = await fulfilment.act(order.id, 'ship', ship);
    expect(single.statusCode).toBe(409);
    expect(single.json()).toMatchObject({ code: 'balance_owed' });
    expect(single.json().detail).toContain(money('en', Math.round(owed * 100)));
    const arabic = await fulfilment.call(
      'POST',
      `/api/staff/orders/${order.id}/ship/`,
      { version: packed.version, ...ship },
      { 'accept-language': 'ar' },
    );
    expect(arabic.json()).toMatchObject({ code: 'balance_owed' });
    expect(arabic.json().detail).toContain('رابط الدفع');
    const bulk = await fulfilment.post('/api/staff/orders/bulk/', {
      action: 'ship',
      courier: 'Aramex',
      orders: [{ id: order.id, version: packed.version, tracking_number: `TRK-${order.id}` }],
    });
    expect(bulk.json()).toMatchObject({ done: [], failed: [{ id: order.id, code: 'balance_owed' }] });
    const courier = StaffHandOverResult.parse(
      (await fulfilment.post('/api/staff/couriers/hand-over/', { courier: 'bosta', orders: [order.id] })).json(),
    );
    expect(courier).toMatchObject({ queued: [], failed: [{ id: order.id, code: 'balance_owed' }] });
    expect(await db().rows(sql`SELECT status, version, courier_name FROM orders WHERE id = ${order.id}`)).toEqual(before);

    await payFromLink((await sentLink(order.id)).token);
    expect((await fulfilment.act(order.id, 'ship', ship)).statusCode).toBe(200);
  });

  it('is not edited again until paid (409, preview says why), and the role that may not edit is refused', async () => {
    const support = await signedInStaff(t, 'support');
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const { product, order } = await paidOrder();
    const { edited } = await raised(support, order, product);
    const body = { version: edited.version, items: [{ product, quantity: 2 }] };
    expect(StaffOrderEditPreview.parse((await preview(support, order.id, body)).json()).refused).toMatchObject({
      code: 'balance_unpaid',
    });
    const snapshot = () =>
      db().rows(sql`SELECT o.total_piastres, o.version, (SELECT count(*) FROM payments p WHERE p.order_id = o.id) AS payments,
        (SELECT count(*) FROM queued_messages q WHERE q.order_id = o.id) AS messages FROM orders o WHERE o.id = ${order.id}`);
    const before = await snapshot();
    const refused = await edit(support, order.id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'balance_unpaid' });
    expect((await edit(fulfilment, order.id, body)).statusCode).toBe(403);
    expect((await edit(support, order.id, { version: edited.version, items: [{ product, quantity: 'three' }] })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('cannot be asked for with online payments off: the higher total is refused (400), changing nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder();
    const offline = { ...staffContext(), config: { ...t.config, cardGateway: 'none' as const } };
    const input = { version: order.version, items: [{ product, quantity: 3 }] };
    expect((await previewOrderEdit(offline, { id: manager.id, role: manager.role }, 'en', order.id, input)).refused).toMatchObject({
      code: 'online_payments_off',
    });
    await expect(editOrder(offline, { id: manager.id, role: manager.role }, 'ar', order.id, input)).rejects.toMatchObject({
      statusCode: 400,
      code: 'online_payments_off',
    });
    expect(await manager.order(order.id)).toMatchObject({ version: order.version, total: order.total, balance_due: 0 });
  });

  it('already handed to a courier, cannot owe one (409): the courier could collect it first', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder();
    await db().rows(sql`INSERT INTO courier_deliveries (order_id, courier, business_reference, cod_piastres)
      VALUES (${order.id}, 'bosta', ${order.order_number}, 0)`);
    const input = { version: order.version, items: [{ product, quantity: 3 }] };
    expect(StaffOrderEditPreview.parse((await preview(manager, order.id, input)).json()).refused).toMatchObject({
      code: 'already_with_courier',
    });
    const refused = await edit(manager, order.id, input);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'already_with_courier' });
    expect(await manager.order(order.id)).toMatchObject({ version: order.version, total: order.total, balance_due: 0 });
    // A lower total owes nothing: it is still edited, and refunded.
    expect((await edit(manager, order.id, { ...input, items: [{ product, quantity: 1 }] })).statusCode).toBe(200);
  });

  it('cancelled, it refunds both payments in full; a balance paid after it is refunded too', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder();
    const { owed } = await raised(manager, order, product);
    const { token } = await sentLink(order.id);
    await payFromLink(token);
    expect((await manager.act(order.id, 'cancel', { reason: 'Changed their mind' })).statusCode).toBe(200);
    const cancelled = await manager.order(order.id);
    expect(cancelled.payments.map((p) => [p.purpose, p.status, p.refunded])).toEqual([
      ['order', 'refunded', order.total],
      ['balance', 'refunded', owed],
    ]);

    // Cancelled while owing: the link no longer pays, and money that still arrives goes back.
    const other = await paidOrder();
    const late = await raised(manager, other.order, other.product);
    const [balance] = await balancePayments(other.order.id);
    expect((await manager.act(other.order.id, 'cancel', { reason: 'Changed their mind' })).statusCode).toBe(200);
    expect(await view((await sentLink(other.order.id)).token)).toMatchObject({ state: 'cancelled', amount_due: 0 });
    await settlePayment(payments(), 'test', balance!.reference, {
      transactionId: `test-late-${other.order.id}`,
      success: true,
      amountPiastres: balance!.amount_piastres,
    });
    const refunded = await manager.order(other.order.id);
    expect(refunded.payments.find((p) => p.purpose === 'balance')).toMatchObject({ status: 'refunded', refunded: late.owed });
    expect(refunded.audit.map((entry) => entry.action)).not.toContain('order.balance_paid');
  });

  it('paid, a later lower edit refunds across both payments, the latest first, never more than was paid', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { product, order } = await paidOrder();
    const { edited, owed } = await raised(manager, order, product);
    await payFromLink((await sentLink(order.id)).token);
    const lowered = await edit(manager, order.id, { version: edited.version, items: [{ product, quantity: 1 }] });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const after = StaffOrder.parse(lowered.json());
    const back = Math.round((edited.total - after.total) * 100) / 100;
    expect(back).toBeGreaterThan(owed);
    expect(after.balance_due).toBe(0);
    expect(after.payments.map((p) => [p.purpose, p.refunded])).toEqual([
      ['order', Math.round((back - owed) * 100) / 100],
      ['balance', owed],
    ]);
  });
});

describe('an order owing a balance, on its shopper’s own pages', () => {
  const OrderPage = paginated(Order);
  /** The order as shopper `s` reads it by its number, and as it appears in their list (undefined when not theirs). */
  async function asShopper(s: { token: string }, number: string, locale: Locale = 'en') {
    const read = (url: string) => t.app.inject({ url, headers: { authorization: `Token ${s.token}`, 'accept-language': locale } });
    const one = await read(`/api/orders/order_number/?number=${number}`);
    const listed = OrderPage.parse((await read('/api/orders/')).json()).results.find((order) => order.order_number === number);
    return { status: one.statusCode, order: one.statusCode === 200 ? Order.parse(one.json()) : undefined, listed };
  }

  it('shows its owner what is due and the link they were sent, nothing to another shopper, and nothing once paid', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { s, product, order } = await paidOrder();
    const before = await asShopper(s, order.order_number);
    expect(before.order).toMatchObject({ balance_due: 0 });
    expect(before.order).not.toHaveProperty('balance_payment_url');
    expect(before.listed).toEqual(before.order);

    const { owed } = await raised(manager, order, product);
    const { token } = await sentLink(order.id);
    const owing = await asShopper(s, order.order_number);
    expect(owing.order).toMatchObject({ balance_due: owed });
    expect(owing.listed).toEqual(owing.order);
    const url = new URL(owing.order!.balance_payment_url!);
    expect([url.pathname, url.searchParams.get('token')]).toEqual(['/pay-order', token]);
    // The amount shown is the one the link asks for.
    expect(await view(token)).toMatchObject({ state: 'payable', amount_due: owing.order!.balance_due });
    const arabic = await asShopper(s, order.order_number, 'ar');
    expect(new URL(arabic.order!.balance_payment_url!).pathname).toBe('/ar/pay-order');
    expect(new URL(arabic.listed!.balance_payment_url!).pathname).toBe('/ar/pay-order');

    // Another shopper neither reads it nor lists it; their own order, paid in full, owes nothing.
    const other = await paidOrder();
    expect(await asShopper(other.s, order.order_number)).toEqual({ status: 404, order: undefined, listed: undefined });
    const theirs = await asShopper(other.s, other.order.order_number);
    expect(theirs.listed).toMatchObject({ balance_due: 0 });
    expect(theirs.listed).not.toHaveProperty('balance_payment_url');

    expect((await payFromLink(token)).statusCode).toBe(303);
    const paid = await asShopper(s, order.order_number);
    expect(paid.order).toMatchObject({ balance_due: 0 });
    expect(paid.order).not.toHaveProperty('balance_payment_url');
    expect(paid.listed).toEqual(paid.order);
  });
});
