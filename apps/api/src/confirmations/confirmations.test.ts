/**
 * Cash orders confirmed by their shopper (decision 0048): the shop's rule puts a cash order in awaiting_shopper with a
 * signed link in its SMS and e-mail; the link confirms or cancels once; the job flags and then cancels what nobody
 * answered; staff confirm after a call. Every refusal changes nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CASH_CONFIRMATION_FIGURES, Order, OrderConfirmation, ReportsDashboard, StaffOrder, type Locale } from '@attar/contract';
import { shopDay } from '@attar/contract/rules';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';
import { renderOrderMessage, type OrderMessagePayload } from '../messages/order-messages';
import { confirmationToken } from './link';
import { sweepConfirmations } from './service';

const t = useTestApp();
const f = orderFixtures(t);
const db = () => t.db.database;

type Rule = 'none' | 'all' | 'above' | 'first';
const setRule = (rule: Rule, abovePiastres = 0) =>
  db().rows(sql`UPDATE site_config SET cod_confirm_rule = ${rule}, cod_confirm_above_piastres = ${abovePiastres},
    cod_confirm_flag_hours = 2, cod_confirm_cancel_hours = 24 WHERE id = 1`);

type Shopper = Awaited<ReturnType<typeof f.shopperWithAddress>>;
async function placed(method: 'cod' | 'card' = 'cod', units = 3, shopper?: Shopper) {
  const s = shopper ?? (await f.shopperWithAddress());
  const productId = await f.productWithStock(units, 50_000);
  await s.post('/api/cart-products/', { product: productId, quantity: 1 });
  const response = await f.order(s, { address: s.addressId, payment_method: method });
  expect(response.statusCode, response.body).toBe(201);
  return { shopper: s, productId, order: Order.parse(response.json()) };
}

/** The link the shopper was sent, read from the SMS as the worker renders it. */
async function sentLink(orderId: number, locale: Locale = 'en') {
  const [row] = await db().rows<{ payload: OrderMessagePayload; recipient: string }>(sql`
    SELECT payload, recipient FROM queued_messages WHERE order_id = ${orderId} AND channel = 'sms' ORDER BY id DESC LIMIT 1`);
  const message = await renderOrderMessage(db(), t.config, { orderId, locale, channel: 'sms', ...row! });
  const sms = (message as { sms: { text: string } }).sms.text;
  const url = new URL(/https?:\/\/\S+/.exec(sms)![0]);
  return { sms, url, token: url.searchParams.get('token')! };
}

const answer = (token: string, value: 'confirm' | 'cancel', locale: Locale = 'en') =>
  client(t.app).call({
    method: 'POST',
    url: '/api/order-confirmations/',
    body: { token, answer: value },
    headers: { 'accept-language': locale },
  });
const read = (token: string) => client(t.app).get(`/api/order-confirmations/?token=${encodeURIComponent(token)}`);

type Trace = { status: string; version: number; stock: number; history: number; answer: string | null };
const trace = async (orderId: number, productId: number) =>
  (
    await db().rows<Trace>(sql`
      SELECT o.status, o.version, (SELECT stock FROM products WHERE id = ${productId}) AS stock,
        (SELECT count(*)::int FROM order_status_history h WHERE h.order_id = o.id) AS history,
        (SELECT answer FROM order_confirmations c WHERE c.order_id = o.id) AS answer
      FROM orders o WHERE o.id = ${orderId}`)
  )[0]!;

/** The question made older, as if `hours` had passed since it was asked. */
const age = (orderId: number, hours: number) =>
  db().rows(sql`UPDATE order_confirmations SET asked_at = asked_at - make_interval(hours => ${hours}),
    expires_at = expires_at - make_interval(hours => ${hours}), last_sent_at = last_sent_at - make_interval(hours => ${hours})
    WHERE order_id = ${orderId}`);

describe('cash orders confirmed by the shopper', () => {
  it('waits for the shopper, sends the link, and confirms once by it', async () => {
    await setRule('all');
    const { order, productId } = await placed();
    expect(order.status).toBe('awaiting_shopper');
    expect(await f.stock(productId)).toBe(2);
    const { sms, url, token } = await sentLink(order.id);
    expect(url.pathname).toBe('/confirm-order');
    expect(sms).toContain(order.order_number);
    // Reading the page (as a link previewer does) changes nothing.
    const before = await trace(order.id, productId);
    const view = OrderConfirmation.parse((await read(token)).json());
    expect(view).toMatchObject({ order_number: order.order_number, status: 'awaiting_shopper', answer: null, total: order.total });
    expect(await trace(order.id, productId)).toEqual(before);

    const confirmed = await answer(token, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(OrderConfirmation.parse(confirmed.json())).toMatchObject({ status: 'placed', answer: 'confirmed' });
    const [row] = await db().rows<{ answered_via: string }>(sql`SELECT answered_via FROM order_confirmations WHERE order_id = ${order.id}`);
    expect(row!.answered_via).toBe('link');
    // The new-order alert and the "received" message follow the confirmation.
    const [placedMessages] = await db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${order.id} AND key LIKE '%:status:placed:%'`);
    expect(placedMessages!.n).toBeGreaterThan(0);

    // Used again: a clear refusal, nothing changed.
    const after = await trace(order.id, productId);
    const reused = await answer(token, 'cancel');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'confirmation_answered' });
    expect(await trace(order.id, productId)).toEqual(after);
    expect(OrderConfirmation.parse((await read(token)).json()).answer).toBe('confirmed');
  });

  it('cancels by the link, giving the stock back', async () => {
    await setRule('all');
    const { order, productId } = await placed();
    const { token } = await sentLink(order.id);
    const cancelled = await answer(token, 'cancel', 'ar');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await trace(order.id, productId)).toMatchObject({ status: 'cancelled', stock: 3, answer: 'cancelled' });
  });

  it('speaks Arabic to an Arabic shopper, the link to the Arabic page', async () => {
    await setRule('all');
    const { order } = await placed();
    await db().rows(sql`UPDATE orders SET locale = 'ar' WHERE id = ${order.id}`);
    const { sms, url } = await sentLink(order.id, 'ar');
    expect(url.pathname).toBe('/ar/confirm-order');
    expect(sms).toContain('أكّد');
  });

  it('flags the unanswered, then cancels them with their stock back and tells the shopper; twice is once', async () => {
    await setRule('all');
    const { order, productId } = await placed();
    const staff = await signedInStaff(t, 'fulfilment');
    const row = async () =>
      (await staff.get(`/api/staff/orders/?status=awaiting_shopper&page_size=100`))
        .json()
        .results.find((r: { id: number }) => r.id === order.id);
    expect((await row()).unanswered).toBe(false);

    await age(order.id, 3);
    const [first, second] = await Promise.all([sweepConfirmations(db(), t.config), sweepConfirmations(db(), t.config)]);
    expect([...first.flagged, ...second.flagged].filter((id) => id === order.id)).toHaveLength(1);
    expect((await row()).unanswered).toBe(true);
    expect(await trace(order.id, productId)).toMatchObject({ status: 'awaiting_shopper', stock: 2 });

    await age(order.id, 22);
    const { token } = await sentLink(order.id);
    const [a, b] = await Promise.all([sweepConfirmations(db(), t.config), sweepConfirmations(db(), t.config)]);
    expect([...a.cancelled, ...b.cancelled].filter((id) => id === order.id)).toHaveLength(1);
    expect(await trace(order.id, productId)).toMatchObject({ status: 'cancelled', stock: 3, answer: 'cancelled' });
    const [told] = await db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${order.id} AND key LIKE '%:status:cancelled:%'`);
    expect(told!.n).toBe(2);
    // The link has expired with the question.
    const late = await answer(token, 'confirm');
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'link_expired' });
  });

  it('lets a card order and a phone order skip the question, and follows the rule', async () => {
    await setRule('all');
    const card = await placed('card');
    expect(card.order.status).toBe('pending_payment');
    const support = await signedInStaff(t, 'support');
    const byPhone = await support.call('POST', '/api/staff/orders/phone/', {
      customer: { name: 'Hoda Samir', phone: '01288884444', email: 'hoda.confirm@example.com' },
      address: { name: 'Hoda Samir', phone: '01288884444', street: '12 Tahrir Street', ...(await f.cairo()) },
      items: [{ product: await f.productWithStock(2), quantity: 1 }],
      language: 'ar',
    });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    expect(StaffOrder.parse(byPhone.json())).toMatchObject({ status: 'placed', confirmation: null });
    await setRule('above', 60_000);
    expect((await placed()).order.status).toBe('placed');
    await setRule('first');
    const first = await placed();
    expect(first.order.status).toBe('awaiting_shopper');
    // Once a cash order of theirs was delivered, the shopper is no longer asked.
    await db().rows(sql`UPDATE orders SET status = 'delivered' WHERE id = ${first.order.id}`);
    expect((await placed('cod', 3, first.shopper)).order.status).toBe('placed');
    await setRule('none');
    expect((await placed()).order.status).toBe('placed');
  });

  it('refuses forged and expired links, changing nothing', async () => {
    await setRule('all');
    const { order, productId } = await placed();
    const { token } = await sentLink(order.id);
    const before = await trace(order.id, productId);
    const forged = `${token.slice(0, -3)}abc`;
    expect((await answer(forged, 'cancel')).statusCode).toBe(400);
    expect((await read(forged)).json()).toMatchObject({ code: 'invalid_link' });
    const otherPurpose = confirmationToken('not the secret', order.order_number, Date.now() + 3_600_000);
    expect((await answer(otherPurpose, 'cancel')).json()).toMatchObject({ code: 'invalid_link' });
    const expired = confirmationToken(t.config.secretKey, order.order_number, Date.now() - 1000);
    const late = await answer(expired, 'confirm', 'ar');
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toMatch(/[ء-ي]/);
    expect((await client(t.app).post('/api/order-confirmations/', { token, answer: 'maybe' })).statusCode).toBe(400);
    expect(await trace(order.id, productId)).toEqual(before);
  });

  it('lets exactly one of two answers at once win', async () => {
    await setRule('all');
    const { order, productId } = await placed();
    const { token } = await sentLink(order.id);
    const answers = await Promise.all([answer(token, 'confirm'), answer(token, 'cancel')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json() as OrderConfirmation;
    const end = await trace(order.id, productId);
    expect(end.status).toBe(won.answer === 'confirmed' ? 'placed' : 'cancelled');
    expect(end.stock).toBe(won.answer === 'confirmed' ? 2 : 3);
    expect(end.history).toBe(2);
  });

  it('lets fulfilment confirm after a call and resend the message, audited; support may not', async () => {
    await setRule('all');
    const { order, productId } = await placed();
    const support = await signedInStaff(t, 'support');
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const before = await trace(order.id, productId);
    expect((await support.act(order.id, 'confirm-for-shopper')).statusCode).toBe(403);
    expect((await support.post(`/api/staff/orders/${order.id}/resend-confirmation/`)).statusCode).toBe(403);
    expect(await trace(order.id, productId)).toEqual(before);

    // Resent once the first message is older than the wait, then not again straight away.
    expect((await fulfilment.post(`/api/staff/orders/${order.id}/resend-confirmation/`)).statusCode).toBe(429);
    await age(order.id, 1);
    const resent = await fulfilment.post(`/api/staff/orders/${order.id}/resend-confirmation/`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(StaffOrder.parse(resent.json()).confirmation).toMatchObject({ sends: 2, answer: null });
    expect((await fulfilment.post(`/api/staff/orders/${order.id}/resend-confirmation/`)).json()).toMatchObject({ code: 'resend_too_soon' });
    const [resends] = await db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${order.id} AND key LIKE '%:confirmation_request:2:%'`);
    expect(resends!.n).toBe(2);

    // A stale version is refused with the order as it is.
    const stale = await fulfilment.post(`/api/staff/orders/${order.id}/confirm-for-shopper/`, { version: 1_000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'order_changed' });
    const confirmed = await fulfilment.act(order.id, 'confirm-for-shopper');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const staffView = StaffOrder.parse(confirmed.json());
    expect(staffView.status).toBe('placed');
    expect(staffView.confirmation).toMatchObject({ answer: 'confirmed', answered_via: 'staff', answered_by: { id: fulfilment.id } });
    expect(staffView.audit.map((a) => a.action)).toEqual(['order.resend_confirmation', 'order.confirm_for_shopper']);
    expect((await fulfilment.act(order.id, 'confirm-for-shopper')).json()).toMatchObject({ code: 'confirmation_answered' });
  });

  it('lets the shopper cancel a waiting order from their account, and nobody else', async () => {
    await setRule('all');
    const { shopper, productId, order } = await placed();
    expect(order.status).toBe('awaiting_shopper');
    const { token } = await sentLink(order.id);
    const stranger = await f.shopperWithAddress();
    expect((await stranger.post(`/api/orders/${order.id}/cancel/`)).statusCode).toBe(404);
    const cancelled = await shopper.post(`/api/orders/${order.id}/cancel/`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(Order.parse(cancelled.json()).status).toBe('cancelled');
    const [question] = await db().rows<{ answer: string; answered_via: string }>(sql`
      SELECT answer, answered_via FROM order_confirmations WHERE order_id = ${order.id}`);
    expect(question).toEqual({ answer: 'cancelled', answered_via: 'account' });
    expect(await f.stock(productId)).toBe(3);
    // Answered: the link no longer changes anything.
    expect((await answer(token, 'confirm')).json()).toMatchObject({ code: 'confirmation_answered' });
  });

  it("counts each way a question ended in the owner's report, per governorate", async () => {
    await setRule('all');
    const owner = await signedInStaff(t, 'owner');
    const report = async () =>
      ReportsDashboard.parse((await owner.get('/api/staff/reports/dashboard/?period=today')).json()).cash_confirmations.find(
        (row) => row.region.name_en === 'Cairo',
      ) ?? { asked: 0, confirmed_by_shopper: 0, cancelled_by_shopper: 0, unanswered: 0, confirmed_by_staff: 0, cancelled_by_staff: 0 };
    const before = await report();
    const byLink = await placed();
    await answer((await sentLink(byLink.order.id)).token, 'cancel');
    const byStaff = await placed();
    expect((await owner.act(byStaff.order.id, 'confirm-for-shopper')).statusCode).toBe(200);
    const cancelledByStaff = await placed();
    expect((await owner.act(cancelledByStaff.order.id, 'cancel', { reason: 'Called: wrong address' })).statusCode).toBe(200);
    const after = await report();
    expect(after).toMatchObject({
      asked: before.asked + 3,
      cancelled_by_shopper: before.cancelled_by_shopper + 1,
      confirmed_by_staff: before.confirmed_by_staff + 1,
      cancelled_by_staff: before.cancelled_by_staff + 1,
      confirmed_by_shopper: before.confirmed_by_shopper,
    });
    // Staff's ordinary cancel closed the question as theirs: nothing is left waiting for an answer.
    const closed = StaffOrder.parse((await owner.get(`/api/staff/orders/${cancelledByStaff.order.id}/`)).json());
    expect(closed.confirmation).toMatchObject({ answer: 'cancelled', answered_via: 'staff', answered_by: { id: owner.id } });
    expect((await (await signedInStaff(t, 'fulfilment')).get('/api/staff/reports/dashboard/')).statusCode).toBe(403);
  });

  it('downloads the same figures as CSV, governorate by governorate, over the same days', async () => {
    await setRule('all');
    const owner = await signedInStaff(t, 'owner');
    await answer((await sentLink((await placed()).order.id)).token, 'confirm');
    await answer((await sentLink((await placed()).order.id)).token, 'cancel');
    expect((await owner.act((await placed()).order.id, 'cancel', { reason: 'Called: no answer' })).statusCode).toBe(200);
    for (const query of ['period=today', `from=${shopDay()}&to=${shopDay()}`, 'period=30d']) {
      const screen = ReportsDashboard.parse((await owner.get(`/api/staff/reports/dashboard/?${query}`)).json()).cash_confirmations;
      const response = await owner.get(`/api/staff/reports/cash-confirmations.csv?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cash-confirmations-\d{4}-\d{2}-\d{2}-to-/);
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = response.body.slice(1).split('\r\n');
      expect(header).toBe(['governorate_en', 'governorate_ar', ...CASH_CONFIRMATION_FIGURES].join(','));
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(0, -1)).toEqual(
        screen.map((row) =>
          [row.region.name_en, row.region.name_ar, ...CASH_CONFIRMATION_FIGURES.map((figure) => String(row[figure]))].join(','),
        ),
      );
      const cairo = screen.find((row) => row.region.name_en === 'Cairo')!;
      expect(Math.min(cairo.confirmed_by_shopper, cairo.cancelled_by_shopper, cairo.cancelled_by_staff)).toBeGreaterThan(0);
    }
    expect((await owner.get('/api/staff/reports/cash-confirmations.csv?period=year')).statusCode).toBe(400);
    expect((await (await signedInStaff(t, 'fulfilment')).get('/api/staff/reports/cash-confirmations.csv')).statusCode).toBe(403);
  });
});
