/**
 * Statements planned for their values. The API's connections keep generic plans (decision 0029), and an unnamed
 * statement gets one too: a plan that knows neither a list's filters nor its page (it guessed a tenth of all orders for
 * a board page of 25, and walked every order for a status kept by a few; a report's plan guessed a third of all orders
 * for every range of days), priced high enough that PostgreSQL compiled it to machine code, which took longer than
 * running it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { inTransaction, type Rows } from './transaction';

/** Runs `work`'s statements with plans made for their parameters' values and not compiled (for this transaction only). */
export function plannedForValues<T>(database: Database, work: (rows: Rows) => Promise<T>): Promise<T> {
  return inTransaction(database, async (rows) => {
    await rows(sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true)`);
    return work(rows);
  });
}

/** Runs one `query` planned for its values (`plannedForValues`). */
export function rowsPlannedForValues<T>(database: Database, query: SQL): Promise<T[]> {
  return plannedForValues(database, (rows) => rows<T>(query));
}
