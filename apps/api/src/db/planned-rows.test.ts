import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { oneRow } from './one-row';
import { rowsPlannedForValues } from './planned-rows';

const t = useTestApp();

type Settings = { plans: string; jit: string };
const settings = sql`SELECT current_setting('plan_cache_mode') AS plans, current_setting('jit') AS jit`;

describe('rowsPlannedForValues', () => {
  it('plans its statement for the values and uncompiled, and leaves the connection as it was', async () => {
    const db = t.db.database;
    const before = oneRow(await db.rows<Settings>(settings));
    expect(oneRow(await rowsPlannedForValues<Settings>(db, settings))).toEqual({ plans: 'force_custom_plan', jit: 'off' });
    expect(oneRow(await db.rows<Settings>(settings))).toEqual(before);
    expect(before.plans).not.toBe('force_custom_plan');
  });
});
