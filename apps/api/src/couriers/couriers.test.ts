/**
 * Couriers against Bosta's stand-in (bosta-stand-in.ts, built from Bosta's documented API): hand-overs through the
 * job's attempt, the webhook's events, the waybill, pickups, settlement statements and the report; with two roles.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Order,
  OrderTracking,
  StaffCourierReport,
  StaffHandOverResult,
  StaffOrder,
  StaffSettlementResult,
  type StaffRole,
} from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';
import { bostaStandIn } from './bosta-stand-in';
import { attemptHandOver, HAND_OVER_ATTEMPTS } from './service';
import { trackingToken } from '../orders/tracking';

const API_KEY = 'bosta-test-api-key';
const WEBHOOK_SECRET = 'a webhook secret of the shop, long enough';
const standIn = bostaStandIn(API_KEY);
let server: FastifyInstance;

beforeAll(async () => {
  server = Fastify();
  await server.register(standIn.plugin);
  await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

const t = useTestApp(() => {
  const address = server.server.address() as { port: number };
  return { BOSTA_API_KEY: API_KEY, BOSTA_WEBHOOK_SECRET: WEBHOOK_SECRET, BOSTA_BASE_URL: `http://127.0.0.1:${address.port}` };
});
const f = orderFixtures(t);
const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;
const couriers = () => ({ database: t.db.database, config: t.config, log: silentLog });

/** A placed order of one fresh product (cash on delivery unless `card`), confirmed by staff. */
async function confirmedOrder(staff: StaffCaller, pricePiastres = 150_000) {
  const s = await f.shopperWithAddress();
  const productId = await f.productWithStock(3, pricePiastres);
  await s.post('/api/cart-products/', { product: productId, quantity: 1 });
  const response = await f.order(s, { address: s.addressId, payment_method: 'cod' });
  expect(response.statusCode, response.body).toBe(201);
  const placed = Order.parse(response.json());
  expect((await staff.act(placed.id, 'confirm')).statusCode).toBe(200);
  return { s, productId, placed };
}

const handOver = (staff: StaffCaller, orders: number[]) => staff.post('/api/staff/couriers/hand-over/', { courier: 'bosta', orders });

/** Hands the orders over and runs each one's job attempt, as the queue would. */
async function handedOver(staff: StaffCaller, orders: number[]) {
  const answer = StaffHandOverResult.parse((await handOver(staff, orders)).json());
  expect(answer).toEqual({ queued: orders, failed: [] });
  for (const id of orders) expect(await attemptHandOver(couriers(), id)).toBe('created');
  return Promise.all(orders.map((id) => staff.order(id)));
}

const webhook = (body: Record<string, unknown>, authorization: string | null = WEBHOOK_SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/couriers/bosta/webhook/',
    payload: body,
    headers: authorization === null ? {} : { authorization },
  });

let clock = Date.now();
/** A Bosta event for `tracking`, each later than the one before. */
const event = (tracking: string, state: number, extra: Record<string, unknown> = {}) => ({
  _id: 'bosta-id',
  trackingNumber: tracking,
  state,
  type: 'SEND',
  timeStamp: (clock += 60_000),
  ...extra,
});

const stockOf = async (productId: number) =>
  (await t.db.database.rows<{ stock: number }>(sql`SELECT stock FROM product_variants WHERE product_id = ${productId}`))[0]!.stock;

describe('handing orders over to Bosta', () => {
  it('creates five deliveries in bulk, each with its tracking number, as Bosta documents the request', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const orders = await Promise.all(Array.from({ length: 5 }, () => confirmedOrder(fulfilment)));
    const ids = orders.map((o) => o.placed.id);
    const before = standIn.requests.length;
    const handed = await handedOver(fulfilment, ids);
    for (const order of handed) {
      expect(order.status).toBe('confirmed');
      expect(order.courier).toMatchObject({ name: 'Bosta', tracking_number: expect.stringMatching(/^\d+$/) });
      expect(order.courier?.tracking_url).toContain(order.courier!.tracking_number);
      expect(order.courier_delivery).toMatchObject({ courier: 'bosta', status: 'created', attempts: 1, last_error: null });
    }
    expect(new Set(handed.map((o) => o.courier!.tracking_number)).size).toBe(5);
    const created = standIn.requests.slice(before).filter((r) => r.method === 'POST' && r.path.startsWith('/api/v2/deliveries?'));
    expect(created).toHaveLength(5);
    for (const request of created) expect(request.authorization).toBe(API_KEY);
    expect(created[0]!.body).toMatchObject({
      type: 10,
      businessReference: orders[0]!.placed.order_number,
      receiver: { firstName: 'Amira', lastName: 'Fathy', phone: '01001112223' },
      dropOffAddress: { city: 'Cairo', firstLine: '5 Nile Street' },
      cod: orders[0]!.placed.total,
      specs: { packageDetails: { itemsCount: 1 } },
    });

    // The waybills of all five in one PDF.
    const pdf = await fulfilment.get(`/api/staff/couriers/waybill/?orders=${ids.join(',')}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.body).toContain(handed[4]!.courier!.tracking_number);

    // A second hand-over of the same order is refused; a pickup is asked for.
    expect(StaffHandOverResult.parse((await handOver(fulfilment, [ids[0]!])).json()).failed).toEqual([
      expect.objectContaining({ id: ids[0], code: 'already_with_courier' }),
    ]);
    const pickup = await fulfilment.post('/api/staff/couriers/pickups/', {
      courier: 'bosta',
      date: '2030-01-05',
      time_slot: '10:00 to 13:00',
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(standIn.requests.at(-1)!.body).toEqual({ scheduledDate: '2030-01-05', scheduledTimeSlot: '10:00 to 13:00' });
  });

  it('refuses what is not confirmed or packed, and roles that do not fulfil orders', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const support = await signedInStaff(t, 'support');
    const { placed } = await confirmedOrder(fulfilment);
    expect((await handOver(support, [placed.id])).statusCode).toBe(403);
    expect((await support.get(`/api/staff/couriers/waybill/?orders=${placed.id}`)).statusCode).toBe(403);
    const waybill = await fulfilment.get(`/api/staff/couriers/waybill/?orders=${placed.id}`);
    expect([waybill.statusCode, waybill.json().code]).toEqual([400, 'waybill_not_ready']);
    expect((await fulfilment.act(placed.id, 'cancel', { reason: 'no stock' })).statusCode).toBe(403);
    const s = await f.shopperWithAddress();
    const productId = await f.productWithStock(1);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const unconfirmed = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'cod' })).json());
    expect(StaffHandOverResult.parse((await handOver(fulfilment, [unconfirmed.id])).json()).failed).toEqual([
      expect.objectContaining({ id: unconfirmed.id, code: 'not_ready_for_courier' }),
    ]);
    expect((await handOver(fulfilment, [placed.id, placed.id])).statusCode).toBe(400);
    expect((await fulfilment.post('/api/staff/couriers/hand-over/', { courier: 'aramex', orders: [placed.id] })).statusCode).toBe(400);
  });

  it('keeps the order unchanged while Bosta is down, retries, and shows staff the failure', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { placed } = await confirmedOrder(manager);
    expect(StaffHandOverResult.parse((await handOver(manager, [placed.id])).json()).queued).toEqual([placed.id]);
    standIn.faults.failing = HAND_OVER_ATTEMPTS * 2;
    await expect(attemptHandOver(couriers(), placed.id)).rejects.toThrow(/503/);
    let order = await manager.order(placed.id);
    expect(order).toMatchObject({ status: 'confirmed', courier: null });
    expect(order.courier_delivery).toMatchObject({ status: 'requested', attempts: 1, last_error: expect.stringContaining('503') });
    for (let attempt = 2; attempt < HAND_OVER_ATTEMPTS; attempt++) await expect(attemptHandOver(couriers(), placed.id)).rejects.toThrow();
    expect(await attemptHandOver(couriers(), placed.id)).toBe('failed');
    order = await manager.order(placed.id);
    expect(order).toMatchObject({ status: 'confirmed', courier: null });
    expect(order.courier_delivery).toMatchObject({ status: 'failed', attempts: HAND_OVER_ATTEMPTS });
    expect(await attemptHandOver(couriers(), placed.id)).toBe('nothing');

    // Bosta is back: staff ask again, and it goes through.
    standIn.faults.failing = 0;
    expect(StaffHandOverResult.parse((await handOver(manager, [placed.id])).json()).queued).toEqual([placed.id]);
    expect(await attemptHandOver(couriers(), placed.id)).toBe('created');
    expect((await manager.order(placed.id)).courier_delivery).toMatchObject({ status: 'created', last_error: null });
  });

  it('finds the delivery an attempt whose answer was lost created, instead of creating a second', async () => {
    const manager = await signedInStaff(t, 'manager');
    const { placed } = await confirmedOrder(manager);
    await handOver(manager, [placed.id]);
    standIn.faults.losingAnswers = 1;
    await expect(attemptHandOver(couriers(), placed.id)).rejects.toThrow(/504/);
    expect(await attemptHandOver(couriers(), placed.id)).toBe('created');
    const atBosta = [...standIn.deliveries.values()].filter((d) => d.businessReference === placed.order_number);
    expect(atBosta).toHaveLength(1);
    expect((await manager.order(placed.id)).courier!.tracking_number).toBe(atBosta[0]!.trackingNumber);
  });
});

describe("Bosta's webhook", () => {
  it('takes an order to delivered with the cash recorded; a repeated, older or forged event changes nothing', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const { placed } = await confirmedOrder(fulfilment);
    const [order] = await handedOver(fulfilment, [placed.id]);
    const tracking = order!.courier!.tracking_number;

    const forged = await webhook(event(tracking, 45, { cod: placed.total }), 'not the secret');
    expect(forged.statusCode).toBe(401);
    expect((await webhook(event(tracking, 45), null)).statusCode).toBe(401);
    expect((await fulfilment.order(placed.id)).status).toBe('confirmed');

    const pickedUp = event(tracking, 21);
    expect((await webhook(pickedUp)).json()).toEqual({ detail: 'applied' });
    expect((await fulfilment.order(placed.id)).status).toBe('shipped');
    expect((await webhook(event(tracking, 41))).json()).toEqual({ detail: 'applied' });
    const shopper = OrderTracking.parse((await placedBy(placed.id)).json());
    expect(shopper.courier).toMatchObject({ tracking_number: tracking, parcel_state: 'out_for_delivery' });
    expect(shopper.courier?.tracking_url).toMatch(/^https:\/\/bosta\.co\//);

    const delivered = event(tracking, 45, { cod: placed.total });
    expect((await webhook(delivered)).json()).toEqual({ detail: 'applied' });
    const after = await fulfilment.order(placed.id);
    expect(after).toMatchObject({ status: 'delivered', cash_collected: placed.total });
    expect(after.timeline.map((e) => e.to)).toEqual(['placed', 'confirmed', 'packed', 'shipped', 'delivered']);

    // The same event again, and an older one, change nothing.
    expect((await webhook(delivered)).json()).toEqual({ detail: 'duplicate' });
    expect((await webhook(pickedUp)).json()).toEqual({ detail: 'duplicate' });
    expect((await webhook({ ...event(tracking, 46), timeStamp: pickedUp.timeStamp + 1 })).json()).toEqual({ detail: 'stale' });
    expect(await fulfilment.order(placed.id)).toMatchObject({ status: 'delivered', version: after.version });

    expect((await webhook(event('999999999', 45))).statusCode).toBe(404);
    expect((await webhook({ state: 45 })).statusCode).toBe(400);
  });

  it('tells the shopper of a failed attempt, and cancels and restocks a parcel returned to the shop', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const { placed, productId } = await confirmedOrder(fulfilment);
    const [order] = await handedOver(fulfilment, [placed.id]);
    const tracking = order!.courier!.tracking_number;
    const stock = await stockOf(productId);
    await webhook(event(tracking, 21));
    const failedAttempt = event(tracking, 47);
    await webhook(failedAttempt);
    await webhook(failedAttempt);
    const told = await t.db.database.rows<{ channel: string; locale: string }>(sql`
      SELECT channel, locale FROM queued_messages WHERE order_id = ${placed.id} AND key LIKE '%delivery_attempt_failed%'`);
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    expect((await webhook(event(tracking, 46))).json()).toEqual({ detail: 'applied' });
    const returned = await fulfilment.order(placed.id);
    expect(returned).toMatchObject({ status: 'cancelled', status_reason: expect.stringContaining('Returned') });
    expect(returned.courier_delivery?.parcel_state).toBe('returned');
    expect(await stockOf(productId)).toBe(stock + 1);
    const cancelled = await t.db.database.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM queued_messages WHERE order_id = ${placed.id} AND key LIKE '%status:cancelled%'`);
    expect(cancelled[0]!.n).toBeGreaterThan(0);
  });
});

/** The shopper's own order answer, through the public tracking link. */
async function placedBy(orderId: number) {
  const [row] = await t.db.database.rows<{ order_number: string }>(sql`SELECT order_number FROM orders WHERE id = ${orderId}`);
  const token = trackingToken(t.config.secretKey, row!.order_number);
  const response = await t.app.inject({ url: `/api/orders/tracking/?token=${encodeURIComponent(token)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('settlement', () => {
  const statement = (lines: string[][]) =>
    ['tracking_number,business_reference,cod,fees,paid_out', ...lines.map((cells) => cells.join(','))].join('\n');

  it('matches a statement to orders, flags lines and the order it misses, and reports cash outstanding', async () => {
    const manager = await signedInStaff(t, 'manager');
    const orders = await Promise.all([confirmedOrder(manager), confirmedOrder(manager), confirmedOrder(manager)]);
    const handed = await handedOver(
      manager,
      orders.map((o) => o.placed.id),
    );
    for (const order of handed) {
      await webhook(event(order.courier!.tracking_number, 45, { cod: order.total }));
    }
    const [first, second, third] = handed as [StaffOrder, StaffOrder, StaffOrder];
    const csv = statement([
      [first.courier!.tracking_number, '', String(first.total), '55.50', String(first.total - 55.5)],
      ['', third.order_number, String(third.total), '55.50', String(third.total - 55.5)],
      ['123', 'NOT-OURS', '10', '1', '9'],
    ]);
    const response = await manager.post('/api/staff/couriers/settlements/', { courier: 'bosta', file_name: 'bosta.csv', csv });
    expect(response.statusCode, response.body).toBe(200);
    const result = StaffSettlementResult.parse(response.json());
    expect(result).toMatchObject({ matched: 2, cash_collected: first.total + third.total, fees: 111 });
    expect(result.flagged).toEqual([{ row: 4, reference: '123', reason: 'no_such_order' }]);
    expect(result.missing.map((m) => m.order_number)).toContain(second.order_number);

    // The same statement again settles nothing twice.
    const again = StaffSettlementResult.parse(
      (await manager.post('/api/staff/couriers/settlements/', { courier: 'bosta', file_name: 'bosta.csv', csv })).json(),
    );
    expect(again.matched).toBe(0);
    expect(again.flagged.filter((line) => line.reason === 'already_settled')).toHaveLength(2);

    const report = StaffCourierReport.parse((await manager.get('/api/staff/couriers/report/?days=1')).json());
    expect(report.couriers[0]).toMatchObject({ courier: 'bosta', settled: first.total + third.total, fees: 111 });
    expect(report.couriers[0]!.outstanding).toBeGreaterThanOrEqual(second.total);
    expect(report.performance.find((p) => p.region === 'Cairo')).toMatchObject({ courier: 'bosta' });
    const bad = await manager.post('/api/staff/couriers/settlements/', { courier: 'bosta', file_name: 'x.csv', csv: 'a,b\n1,2' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'settlement_invalid']);
  });

  it('is for owners and managers only', async () => {
    for (const role of ['fulfilment', 'support'] satisfies StaffRole[]) {
      const staff = await signedInStaff(t, role);
      const csv = statement([['1', '', '1', '1', '0']]);
      expect((await staff.post('/api/staff/couriers/settlements/', { courier: 'bosta', file_name: 'a.csv', csv })).statusCode).toBe(403);
      expect((await staff.get('/api/staff/couriers/report/')).statusCode).toBe(403);
    }
  });
});
