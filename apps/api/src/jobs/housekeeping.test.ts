import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { signedInShopper } from '../test/shoppers';
import { purgeExpired } from './housekeeping';

const t = useTestApp({ JOBS: 'on' });

const count = async (query: ReturnType<typeof sql>) => (await t.db.database.rows<{ n: number }>(query))[0]!.n;

describe('housekeeping', () => {
  it('purges what is over and keeps what is live', async () => {
    const db = t.db.database;
    const shopper = await signedInShopper(t.app);
    await db.rows(sql`
      INSERT INTO verification_codes (purpose, identifier, code_hash, ip, expires_at) VALUES
        ('verify_email', 'old@example.com', 'x', '198.51.100.1', now() - interval '2 days'),
        ('verify_email', 'new@example.com', 'x', '198.51.100.1', now() + interval '10 minutes')`);
    await db.rows(sql`
      INSERT INTO rate_limit_counters (key, count, reset_at) VALUES
        ('test:over', 3, now() - interval '1 second'), ('test:live', 3, now() + interval '1 hour')`);
    await db.rows(sql`
      INSERT INTO outbox_messages (channel, recipient, body, created_at) VALUES
        ('sms', '+201000000001', 'old', now() - interval '2 days'), ('sms', '+201000000002', 'new', now())`);
    await db.rows(sql`
      INSERT INTO auth_tokens (user_id, token_hash, expires_at, revoked_at) VALUES
        (${shopper.user.id}, 'revoked-long-ago', now() + interval '1 day', now() - interval '31 days'),
        (${shopper.user.id}, 'expired-long-ago', now() - interval '31 days', NULL)`);

    const purged = await purgeExpired(db);
    expect(purged).toMatchObject({ codes: 1, outbox: 1, tokens: 2, searches: 0 });
    expect(purged.counters).toBeGreaterThanOrEqual(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM verification_codes WHERE identifier IN ('old@example.com', 'new@example.com')`),
    ).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key IN ('test:over', 'test:live')`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM outbox_messages WHERE body IN ('old', 'new')`)).toBe(1);
    // The shopper's own live token from sign-up stays and still works.
    expect((await shopper.get('/api/users/me/')).statusCode).toBe(200);
  });

  it('deletes searches older than the site’s retention period', async () => {
    const db = t.db.database;
    await db.rows(sql`UPDATE site_config SET search_retention_days = 10`);
    await db.rows(sql`
      INSERT INTO searches (query, locale, result_count, created_at) VALUES
        ('housekeeping old', 'en', 0, now() - interval '10 days 1 minute'),
        ('housekeeping kept', 'ar', 3, now() - interval '9 days 23 hours')`);
    try {
      expect((await purgeExpired(db)).searches).toBe(1);
      expect(await count(sql`SELECT count(*)::int AS n FROM searches WHERE query LIKE 'housekeeping %'`)).toBe(1);
      expect(await count(sql`SELECT count(*)::int AS n FROM searches WHERE query = 'housekeeping kept'`)).toBe(1);
    } finally {
      await db.rows(sql`UPDATE site_config SET search_retention_days = DEFAULT`);
    }
  });

  it('is scheduled hourly on the job queue', async () => {
    const [schedule] = await t.db.database.rows<{ cron: string }>(sql`SELECT cron FROM pgboss.schedule WHERE name = 'housekeeping'`);
    expect(schedule?.cron).toBe('17 * * * *');
  });
});
