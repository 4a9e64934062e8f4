/**
 * One transaction and the way statements run inside it: services take `rows` so a caller can put several changes (an
 * order, its stock, its messages) in one transaction, and nothing of it is kept unless all of it is.
 */
import type { SQL } from 'drizzle-orm';
import type { Database, Db } from './client';

/** Runs a drizzle `sql` template inside the current transaction and returns its rows. */
export type Rows = <T>(query: SQL) => Promise<T[]>;

export const rowsOf =
  (tx: { execute(query: SQL): Promise<unknown> }): Rows =>
  async (query) =>
    ((await tx.execute(query)) as { rows: never[] }).rows;

/** Runs `work` in a transaction of its own: committed when it returns, rolled back when it throws. */
export function inTransaction<T>(database: Database, work: (rows: Rows) => Promise<T>): Promise<T> {
  return database.db.transaction((tx) => work(rowsOf(tx)));
}

/** Plain SQL text run inside `tx`: what pg-boss takes (`{ db: { executeSql } }`) to queue jobs in our transaction. */
export const executeSqlOf =
  (tx: Db): Database['executeSql'] =>
  async (text, values) =>
    (await tx._.session.prepareQuery({ sql: text, params: values ?? [] }, undefined, undefined, false).execute()) as { rows: unknown[] };
