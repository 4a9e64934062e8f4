import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { StaffSubscriber, StaffSubscriberPage, type StaffRole } from '@attar/contract';
import { parseCsv } from '../http/csv';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
let serial = 0;

/** Signs an address up from the storefront, in a language. */
async function signUp(email: string, lang = 'en') {
  return client(t.app).call({ method: 'POST', url: '/api/news-letter/', body: { email }, headers: { 'accept-language': lang } });
}
const idOf = async (email: string) =>
  (await t.db.database.rows<{ id: number }>(sql`SELECT id FROM newsletter_subscriptions WHERE email = ${email}`))[0]!.id;
const fresh = (local = 'reader') => `${local}${++serial}.${Date.now()}@example.com`;

describe('newsletter subscribers in the back office', () => {
  it('are for owners and managers only', async () => {
    const email = fresh();
    await signUp(email);
    const id = await idOf(email);
    for (const role of ['support', 'fulfilment'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get('/api/staff/subscribers/')).statusCode, role).toBe(403);
      expect((await staff.get('/api/staff/subscribers/export.csv')).statusCode, role).toBe(403);
      expect((await staff.post(`/api/staff/subscribers/${id}/unsubscribe/`)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject('/api/staff/subscribers/export.csv')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/subscribers/${id}/unsubscribe/` })).statusCode).toBe(401);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      expect((await (await signedInStaff(t, role)).get('/api/staff/subscribers/')).statusCode, role).toBe(200);
    }
    const [row] = await t.db.database.rows<{ unsubscribed_at: string | null }>(
      sql`SELECT unsubscribed_at FROM newsletter_subscriptions WHERE id = ${id}`,
    );
    expect(row!.unsubscribed_at).toBeNull();
  });

  it('are listed and searched, unsubscribed once, and back with a new sign-up', async () => {
    const manager = await signedInStaff(t, 'manager');
    const email = fresh('layla');
    expect((await signUp(email.toUpperCase(), 'ar')).statusCode).toBe(201);
    const list = async (query: string) => StaffSubscriberPage.parse((await manager.get(`/api/staff/subscribers/${query}`)).json());

    const found = await list(`?q=${encodeURIComponent(email.slice(0, 10).toUpperCase())}`);
    expect(found.results).toEqual([expect.objectContaining({ email, locale: 'ar', confirmed_at: null, unsubscribed_at: null })]);
    const id = found.results[0]!.id;

    const left = StaffSubscriber.parse((await manager.post(`/api/staff/subscribers/${id}/unsubscribe/`)).json());
    expect(left.unsubscribed_at).not.toBeNull();
    const again = StaffSubscriber.parse((await manager.post(`/api/staff/subscribers/${id}/unsubscribe/`)).json());
    expect(again.unsubscribed_at).toBe(left.unsubscribed_at);
    const [audit] = await t.db.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'subscriber.unsubscribe' AND entity_id = ${String(id)}`,
    );
    expect(audit!.n).toBe(1);
    expect((await list(`?q=${email}&state=subscribed`)).results).toEqual([]);
    expect((await list(`?q=${email}&state=unsubscribed`)).results.map((s) => s.id)).toEqual([id]);

    // Signing up again from the storefront clears it: a subscription again.
    expect((await signUp(email)).statusCode).toBe(201);
    expect((await list(`?q=${email}`)).results).toEqual([expect.objectContaining({ id, unsubscribed_at: null, locale: 'en' })]);
    expect((await signUp(email)).statusCode).toBe(200);

    expect((await manager.post('/api/staff/subscribers/2147483647/unsubscribe/')).statusCode).toBe(404);
    for (const bad of ['?state=maybe', '?page=0', '?page_size=101']) {
      expect((await manager.get(`/api/staff/subscribers/${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('export as CSV that Excel opens as UTF-8, quoted where needed, without the unsubscribed or unconfirmed', async () => {
    const owner = await signedInStaff(t, 'owner');
    const staying = fresh('"quoted,reader"');
    const formula = `=cmd${fresh()}`;
    const leaving = fresh('leaving');
    const unconfirmed = fresh('pending');
    for (const email of [staying, formula, leaving]) {
      await t.db.database.rows(
        sql`INSERT INTO newsletter_subscriptions (email, locale, confirmed_at) VALUES (${email.toLowerCase()}, 'ar', now())`,
      );
    }
    await t.db.database.rows(sql`INSERT INTO newsletter_subscriptions (email, locale) VALUES (${unconfirmed}, 'ar')`);
    await owner.post(`/api/staff/subscribers/${await idOf(leaving)}/unsubscribe/`);
    // More than one batch of the stream (1,000 rows a query).
    await t.db.database.rows(
      sql`INSERT INTO newsletter_subscriptions (email, confirmed_at) SELECT 'bulk' || g || '@example.com', now() FROM generate_series(1, 1050) g`,
    );

    // Signed up at 12:30 UTC in winter (Cairo two hours ahead) and in summer (three): written on Cairo's clock.
    const winter = fresh('winter');
    const summer = fresh('summer');
    await t.db.database.rows(sql`INSERT INTO newsletter_subscriptions (email, locale, confirmed_at, created_at)
      VALUES (${winter}, 'en', now(), '2026-11-25T12:30:00Z'), (${summer}, 'en', now(), '2026-07-15T12:30:00Z')`);

    const answer = await owner.get('/api/staff/subscribers/export.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const body = answer.rawPayload.toString('utf8');
    expect(body).toContain(`"${staying.replaceAll('"', '""')}",ar,`);
    expect(body).toContain(`'${formula},ar,`);
    const rows = parseCsv(body)!.map((row) => row.cells);
    expect(rows[0]).toEqual(['email', 'language', 'subscribed_at']);
    const emails = rows.slice(1).map((row) => row[0]);
    expect(emails).toContain(staying);
    expect(rows.find((row) => row[0] === winter)).toEqual([winter, 'en', '2026-11-25 14:30']);
    expect(rows.find((row) => row[0] === summer)).toEqual([summer, 'en', '2026-07-15 15:30']);
    expect(emails).not.toContain(leaving);
    expect(emails).not.toContain(unconfirmed);
    expect(new Set(emails).size).toBe(emails.length);
    const [subscribed] = await t.db.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL`,
    );
    expect(rows).toHaveLength(subscribed!.n + 1);
  });

  it('name the export by Cairo’s day, as its times are', async () => {
    const owner = await signedInStaff(t, 'owner');
    // 23:30 UTC on the 25th is 01:30 on the 26th in Cairo.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T23:30:00Z') });
    try {
      const answer = await owner.get('/api/staff/subscribers/export.csv');
      expect(answer.headers['content-disposition']).toBe('attachment; filename="subscribers-2026-11-26.csv"');
    } finally {
      vi.useRealTimers();
    }
  });
});
