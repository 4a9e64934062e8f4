/**
 * What the back office's catalogue writes share (staff-service.ts for products and names, staff-offers.ts for offers):
 * reading the database's refusals, field errors in the caller's language, and saves on a version.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Database } from '../db/client';
import { ApiError, FieldError, notFound } from '../http/errors';
import { text, type TextKey } from '../i18n/catalogue';
import { rowsOf, type Rows } from '../db/transaction';

/** PostgreSQL's unique_violation (23505) or foreign_key_violation (23503), and the constraint it names. */
export function violation(error: unknown): { code: string; constraint: string } | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' || e?.code === '23503' ? e : e?.cause;
  return pg?.code && pg.constraint ? { code: pg.code, constraint: pg.constraint } : null;
}

export const fieldText = (locale: Locale, field: string, key: TextKey, values: Record<string, string | number> = {}) =>
  new FieldError({ [field]: [text(locale, key, values)] });

export const piastres = (pounds: number) => Math.round(pounds * 100);
/** A piastres column as the contract's pounds. */
export const poundsSql = (column: SQL) => sql`(${column} / 100.0)::float8`;

/** Thrown inside a transaction when someone saved first; answered as a 409 once it has rolled back. */
export class ChangedMeanwhile extends Error {}

/** Claims the next version of a product or offer, or answers why not (gone: 404; saved by someone else first: 409). */
export async function claimVersion(rows: Rows, locale: Locale, table: 'products' | 'offers', id: number, version: number) {
  const name = sql.raw(table);
  const [claimed] = await rows(sql`
    UPDATE ${name} SET version = version + 1, updated_at = now() WHERE id = ${id} AND version = ${version} RETURNING id`);
  if (claimed) return;
  const [exists] = await rows(sql`SELECT id FROM ${name} WHERE id = ${id}`);
  if (!exists) throw notFound(text(locale, table === 'products' ? 'productNotFound' : 'offerNotFound'));
  throw new ChangedMeanwhile();
}

/**
 * A write in one transaction. Someone else's save first is a 409 carrying the thing as it is now (`current`, read after
 * the rollback: the embedded database runs one transaction at a time), for the caller to show instead of what they
 * edited; other refusals go through `refused`.
 */
export async function versionedWrite<T>(
  database: Database,
  write: (rows: Rows) => Promise<T>,
  changed: () => Promise<ApiError>,
  refused: (error: unknown) => never,
): Promise<T> {
  try {
    return await database.db.transaction((tx) => write(rowsOf(tx)));
  } catch (error) {
    if (error instanceof ChangedMeanwhile) throw await changed();
    return refused(error);
  }
}

/** A 409 for a save made on an old version, with the product or offer as it is now. */
export const changedError = (locale: Locale, kind: 'product' | 'offer', current: unknown) =>
  new ApiError(409, `${kind}_changed`, text(locale, `${kind}Changed`), { [kind]: current });
