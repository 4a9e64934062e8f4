import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AuthResponse,
  Order,
  StaffCustomer,
  StaffCustomerPage,
  StaffPointsAdjusted,
  StaffPointsPage,
  type StaffRole,
} from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, newShopper } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);

const points = async (userId: number) =>
  (await f.db().rows<{ points: number }>(sql`SELECT points FROM users WHERE id = ${userId}`))[0]!.points;
const ledgerRows = async (userId: number) =>
  (await f.db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM points_ledger WHERE user_id = ${userId}`))[0]!.n;
const auditRows = async (action: string, id: number) =>
  (
    await f.db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND entity_id = ${String(id)}`)
  )[0]!.n;

describe('customers in the back office', () => {
  it('are read by owners, managers and support, changed by owners and managers; fulfilment sees none of it', async () => {
    const shopper = await signedInShopper(t.app);
    const id = shopper.user.id;
    const reads = [`/api/staff/customers/`, `/api/staff/customers/${id}/`, `/api/staff/customers/${id}/points/`];
    for (const role of ['owner', 'manager', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const url of reads) expect((await staff.get(url)).statusCode, `${role} ${url}`).toBe(200);
    }
    const writes = [
      [`/api/staff/customers/${id}/points/`, { change: 5, note: 'Goodwill' }],
      [`/api/staff/customers/${id}/deactivate/`, {}],
      [`/api/staff/customers/${id}/reactivate/`, {}],
    ] as const;
    for (const role of ['support', 'fulfilment'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const [url, body] of writes) expect((await staff.post(url, body)).statusCode, `${role} ${url}`).toBe(403);
    }
    const fulfilment = await signedInStaff(t, 'fulfilment');
    for (const url of reads) expect((await fulfilment.get(url)).statusCode, url).toBe(403);
    for (const url of reads) expect((await t.app.inject(url)).statusCode, url).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: writes[0][0], payload: writes[0][1] })).statusCode).toBe(401);
    // A shopper's token opens no staff call.
    expect((await shopper.get(reads[1]!)).statusCode).toBe(401);
    expect(await points(id)).toBe(0);

    for (const role of ['owner', 'manager'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.post(writes[0][0], writes[0][1])).statusCode, role).toBe(200);
    }
    expect(await points(id)).toBe(10);
  });

  it('are found by name, e-mail or mobile typed any way, and paged', async () => {
    const support = await signedInStaff(t, 'support');
    const fields = newShopper();
    const signUp = await client(t.app).post('/api/users/me/', { ...fields, name: 'Yasmin Abdelrahman Qutb' });
    const { user } = AuthResponse.parse(signUp.json());
    const local = fields.phone;
    const found = async (q: string) =>
      StaffCustomerPage.parse((await support.get(`/api/staff/customers/?q=${encodeURIComponent(q)}`)).json()).results.map((c) => c.id);
    const arabicDigits = local.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    for (const q of [
      'abdelrahman qutb',
      fields.email.toUpperCase(),
      local,
      `+20${local.slice(1)}`,
      `0020 ${local.slice(1)}`,
      arabicDigits,
    ]) {
      expect(await found(q), q).toEqual([user.id]);
    }
    expect(await found('100%_nobody')).toEqual([]);

    // Newest first.
    const page = StaffCustomerPage.parse((await support.get('/api/staff/customers/?page_size=1')).json());
    expect(page.results).toHaveLength(1);
    expect(page.count).toBeGreaterThan(1);
    expect(page.next).toContain('page=2');
    expect(page.results[0]).toMatchObject({ id: user.id, email_verified: false, is_active: true, order_count: 0 });
    const past = StaffCustomerPage.parse((await support.get('/api/staff/customers/?page=9999')).json());
    expect(past.results).toEqual([]);
    for (const bad of ['?page=0', '?page_size=500', '?state=gone', `?q=${'x'.repeat(101)}`]) {
      expect((await support.get(`/api/staff/customers/${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('shows a customer’s orders, points ledger, addresses and verification', async () => {
    const shopper = await f.shopperWithAddress({ verified: true });
    const productId = await f.productWithStock(3, 45_050);
    await shopper.post('/api/cart-products/', { product: productId, quantity: 1 });
    const placed = Order.parse((await f.order(shopper, { address: shopper.addressId, payment_method: 'cod' })).json());
    const manager = await signedInStaff(t, 'manager');

    const answer = await manager.call('GET', `/api/staff/customers/${shopper.user.id}/`, undefined, { 'accept-language': 'ar' });
    const customer = StaffCustomer.parse(answer.json());
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(customer).toMatchObject({ id: shopper.user.id, phone_verified: true, email_verified: false, order_count: 1, is_active: true });
    expect(customer.orders).toEqual([
      { id: placed.id, order_number: placed.order_number, status: placed.status, total: placed.total, created_at: expect.any(String) },
    ]);
    expect(customer.addresses).toHaveLength(1);
    expect(customer.addresses[0]!.region.name).toBe('القاهرة');

    expect((await manager.get('/api/staff/customers/2147483647/')).statusCode).toBe(404);
    expect((await manager.get('/api/staff/customers/abc/')).statusCode).toBe(400);
    expect((await manager.get('/api/staff/customers/2147483647/points/')).statusCode).toBe(404);
  });

  it('adjusts points by hand with a reason, in the ledger with the staff member, never below zero', async () => {
    const shopper = await signedInShopper(t.app);
    const id = shopper.user.id;
    const manager = await signedInStaff(t, 'manager');
    const adjust = (body: unknown, lang = 'en') =>
      manager.call('POST', `/api/staff/customers/${id}/points/`, body, { 'accept-language': lang });

    const added = StaffPointsAdjusted.parse((await adjust({ change: 120, note: '  Birthday gift ' })).json());
    expect(added.points).toBe(120);
    expect(added.entry).toMatchObject({ change: 120, reason: 'manual_adjustment', note: 'Birthday gift', order_number: null });
    expect(added.entry.staff).toEqual({ id: manager.id, name: 'Test manager' });
    expect(StaffPointsAdjusted.parse((await adjust({ change: -20, note: 'Entered twice' })).json()).points).toBe(100);

    const below = await adjust({ change: -101, note: 'Too much' }, 'ar');
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ change: ['الرصيد ١٠٠ نقطة: لا يمكن أن ينزل التعديل به تحت الصفر.'] });
    for (const bad of [
      { change: 0, note: 'Nothing' },
      { change: 5 },
      { change: 5, note: '   ' },
      { change: 1.5, note: 'Half' },
      { change: 5, note: 'x'.repeat(301) },
      { change: 2_000_000, note: 'Huge' },
      { change: '5', note: 'Text' },
    ]) {
      expect((await adjust(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await manager.post('/api/staff/customers/2147483647/points/', { change: 1, note: 'Nobody' })).statusCode).toBe(404);
    expect(await points(id)).toBe(100);
    expect(await ledgerRows(id)).toBe(2);
    expect(await auditRows('customer.points', id)).toBe(2);

    // The shopper sees it in their own history; staff see it with who and why.
    const own = (await shopper.get('/api/users/points/')).json() as { points: number; history: { change: number; reason: string }[] };
    expect(own.points).toBe(100);
    expect(own.history.map((entry) => [entry.change, entry.reason])).toEqual([
      [-20, 'manual_adjustment'],
      [120, 'manual_adjustment'],
    ]);
    const ledger = StaffPointsPage.parse((await manager.get(`/api/staff/customers/${id}/points/?page_size=1`)).json());
    expect(ledger.count).toBe(2);
    expect(ledger.results).toEqual([
      expect.objectContaining({ change: -20, note: 'Entered twice', staff: { id: manager.id, name: 'Test manager' } }),
    ]);
    expect(ledger.next).toContain('page=2');
  });

  it('never lets two adjustments at once take the balance below zero', async () => {
    const shopper = await signedInShopper(t.app);
    const owner = await signedInStaff(t, 'owner');
    await owner.post(`/api/staff/customers/${shopper.user.id}/points/`, { change: 50, note: 'Start' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => owner.post(`/api/staff/customers/${shopper.user.id}/points/`, { change: -20, note: 'At once' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 400, 400]);
    expect(await points(shopper.user.id)).toBe(10);
    expect(await ledgerRows(shopper.user.id)).toBe(3);
  });

  it('deactivating ends the customer’s sessions at once and refuses their log-in; reactivating lets them log in again', async () => {
    const fields = newShopper();
    const shopperClient = client(t.app);
    const first = AuthResponse.parse((await shopperClient.post('/api/users/me/', fields)).json());
    const second = AuthResponse.parse(
      (await shopperClient.post('/api/users/login/', { email: fields.email, password: fields.password })).json(),
    );
    const bystander = await signedInShopper(t.app);
    const owner = await signedInStaff(t, 'owner');
    const id = first.user.id;

    const deactivated = await owner.post(`/api/staff/customers/${id}/deactivate/`);
    expect(deactivated.statusCode).toBe(200);
    expect(StaffCustomer.parse(deactivated.json()).is_active).toBe(false);
    for (const token of [first.token, second.token]) {
      const answer = await shopperClient.get('/api/users/me/', token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'token_not_valid' });
    }
    // Another shopper is untouched.
    expect((await bystander.get('/api/users/me/')).statusCode).toBe(200);

    const refused = await shopperClient.call({
      method: 'POST',
      url: '/api/users/login/',
      body: { phone: fields.phone, password: fields.password },
      headers: { 'accept-language': 'ar' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'account_inactive', detail: 'تم إيقاف هذا الحساب. تواصل معنا لإعادة تفعيله.' });
    // A wrong password says only that, whether or not the account is active.
    const wrong = await shopperClient.post('/api/users/login/', { email: fields.email, password: 'not the password' });
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });

    // Deactivating again changes nothing more.
    expect((await owner.post(`/api/staff/customers/${id}/deactivate/`)).statusCode).toBe(200);
    expect(await auditRows('customer.deactivate', id)).toBe(1);
    const listed = StaffCustomerPage.parse((await owner.get(`/api/staff/customers/?state=inactive&q=${fields.email}`)).json());
    expect(listed.results.map((c) => c.id)).toEqual([id]);

    const reactivated = StaffCustomer.parse((await owner.post(`/api/staff/customers/${id}/reactivate/`)).json());
    expect(reactivated.is_active).toBe(true);
    expect(await auditRows('customer.reactivate', id)).toBe(1);
    // The old sessions stay ended; a new log-in works.
    expect((await shopperClient.get('/api/users/me/', first.token)).statusCode).toBe(401);
    const again = await shopperClient.post('/api/users/login/', { email: fields.email, password: fields.password });
    expect(again.statusCode).toBe(200);
    expect((await shopperClient.get('/api/users/me/', AuthResponse.parse(again.json()).token)).statusCode).toBe(200);

    expect((await owner.post('/api/staff/customers/2147483647/deactivate/')).statusCode).toBe(404);
  });

  it('refuses to reactivate an account its owner deleted, and changes nothing', async () => {
    const owner = await signedInStaff(t, 'owner');
    const shopper = await signedInShopper(t.app);
    const id = shopper.user.id;
    await t.db.database.rows(sql`
      UPDATE users SET is_active = false, deleted_at = now(), email = ${`deleted-${id}@deleted.invalid`}, phone = NULL WHERE id = ${id}`);
    const refused = await owner.call('POST', `/api/staff/customers/${id}/reactivate/`, {}, { 'accept-language': 'ar' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'account_deleted', detail: 'حذف هذا العميل حسابه، فلا يمكن إعادة تفعيله.' });
    const [row] = await t.db.database.rows<{ is_active: boolean }>(sql`SELECT is_active FROM users WHERE id = ${id}`);
    expect(row!.is_active).toBe(false);
    expect(await auditRows('customer.reactivate', id)).toBe(0);
  });
});
