/**
 * A list's one statement, planned for its values. The API's connections keep generic plans (decision 0029), and an
 * unnamed statement gets one too: a plan that knows neither the list's filters nor its page (it guessed a tenth of all
 * orders for a board page of 25, and walked every order for a status kept by a few), priced high enough that
 * PostgreSQL compiled it to machine code, which took longer than running it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { inTransaction } from './transaction';

/** Runs `query` with a plan made for its parameters' values and not compiled (both for this statement only). */
export function rowsPlannedForValues<T>(database: Database, query: SQL): Promise<T[]> {
  return inTransaction(database, async (rows) => {
    await rows(sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true)`);
    return rows<T>(query);
  });
}
