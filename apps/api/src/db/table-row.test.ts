import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgArray, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import * as schema from './schema';
import type { TableRow } from './table-row';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  // The seed leaves these kinds' only tables empty: a holiday (date) and an import (jsonb) give them a row.
  await testDb.database.rows(sql`INSERT INTO delivery_holidays (day) VALUES ('2026-12-25')`);
  await testDb.database.rows(sql`INSERT INTO catalogue_imports (file_name, status, applied_at) VALUES ('products.csv', 'applied', now())`);
});
afterAll(() => testDb.drop());

const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/;

/** Whether `value` is what `TableRow` says a non-null value of `column` is, on the driver the tests run on. */
function matches(column: PgColumn, value: unknown): boolean {
  if (is(column, PgArray)) return Array.isArray(value) && value.every((item) => matches(column.baseColumn, item));
  switch (column.columnType) {
    case 'PgSerial':
    case 'PgInteger':
    case 'PgSmallInt':
      return Number.isInteger(value);
    case 'PgBigInt53':
      return testDb.database.kind === 'pglite' ? Number.isInteger(value) : typeof value === 'string' && /^-?\d+$/.test(value);
    case 'PgBoolean':
      return typeof value === 'boolean';
    case 'PgText':
      return typeof value === 'string' && (!column.enumValues || column.enumValues.includes(value));
    case 'PgTimestamp':
      return typeof value === 'string' && TIMESTAMP.test(value);
    case 'PgDateString':
      return typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value);
    case 'PgTime':
      return typeof value === 'string' && /^\d\d:\d\d:\d\d$/.test(value);
    case 'PgJsonb':
      return typeof value === 'object' && value !== null;
    default:
      throw new Error(`no rule for ${column.columnType} yet: say in TableRow what raw execute returns for it`);
  }
}

describe('TableRow', () => {
  it('types a row by SQL column names, nullable where the column is', () => {
    expectTypeOf<Pick<TableRow<typeof schema.orders>, 'id' | 'user_id' | 'status' | 'total_piastres'>>().toEqualTypeOf<{
      id: number;
      user_id: number | null;
      status: (typeof schema.orders.status.enumValues)[number];
      total_piastres: number;
    }>();
    expectTypeOf<TableRow<typeof schema.orders>['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<TableRow<typeof schema.orders>['promised_earliest']>().toEqualTypeOf<string | null>();
    expectTypeOf<TableRow<typeof schema.productDocuments>['revision']>().toEqualTypeOf<number | string>();
    expectTypeOf<TableRow<typeof schema.siteConfig>['delivery_days_off']>().toEqualTypeOf<number[]>();
    expectTypeOf<TableRow<typeof schema.notifications>['params']>().toEqualTypeOf<Record<string, string | number>>();
  });

  it('says what raw execute really returns for every kind of column', async () => {
    const checked = new Set<string>();
    for (const table of tables) {
      const { name, columns } = getTableConfig(table);
      const [row] = await testDb.database.rows<Record<string, unknown>>(sql`SELECT * FROM ${sql.identifier(name)} LIMIT 1`);
      if (!row) continue;
      for (const column of columns) {
        const value = row[column.name];
        if (value === null) {
          expect(column.notNull, `${name}.${column.name} is null`).toBe(false);
          continue;
        }
        expect(matches(column, value), `${name}.${column.name}: ${JSON.stringify(value)}`).toBe(true);
        checked.add(column.columnType);
      }
    }
    const kinds = new Set(tables.flatMap((table) => getTableConfig(table).columns.map((column) => column.columnType)));
    expect([...checked].sort()).toEqual([...kinds].sort());
  });
});
