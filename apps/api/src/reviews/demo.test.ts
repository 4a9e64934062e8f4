import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProductDetail, ProductPage } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { createDemoReviews } from './demo';

const t = useTestApp();

describe('the demo’s reviews', () => {
  it('come from delivered orders of demo shoppers, show as stars, and are made once', async () => {
    await createDemoReviews(t.db.database);
    const rows = await t.db.database.rows<{ email: string; password_hash: string | null; status: string; delivered: boolean }>(sql`
      SELECT u.email, u.password_hash, o.status, EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.product_id = r.product_id) AS delivered
      FROM reviews r JOIN users u ON u.id = r.user_id JOIN orders o ON o.user_id = u.id`);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    // Marked as demo data, as the demo owner is, and nobody can sign in as them.
    for (const row of rows) {
      expect(row.email).toMatch(/@attar\.example$/);
      expect(row.password_hash).toBeNull();
      expect(row.status).toBe('delivered');
      expect(row.delivered).toBe(true);
    }
    // Each demo order's history reads as a real one's, from placed to delivered.
    const histories = await t.db.database.rows<{ steps: string }>(sql`
      SELECT string_agg(h.to_status, ' ' ORDER BY h.created_at) AS steps FROM orders o JOIN users u ON u.id = o.user_id
      JOIN order_status_history h ON h.order_id = o.id WHERE u.email LIKE '%@attar.example' GROUP BY o.id`);
    expect(histories.map((h) => h.steps)).toEqual(Array(3).fill('placed confirmed packed shipped delivered'));

    const [reviewed] = await t.db.database.rows<{ slug: string; id: number }>(sql`
      SELECT p.slug, p.id FROM reviews r JOIN products p ON p.id = r.product_id ORDER BY p.id LIMIT 1`);
    const detail = ProductDetail.parse((await client(t.app).get(`/api/products/${reviewed!.slug}/`)).json());
    expect(detail.rating?.count).toBeGreaterThan(0);
    const listed = ProductPage.parse((await client(t.app).get(`/api/products/?ids=${reviewed!.id}`)).json()).results[0]!;
    expect(listed.rating).toEqual(detail.rating);

    const count = async () => (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews`))[0]!.n;
    const before = await count();
    await createDemoReviews(t.db.database);
    expect(await count()).toBe(before);
  });
});
