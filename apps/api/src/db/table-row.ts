/**
 * The row a raw `sql` statement returns for a table, keyed by the columns' SQL names and typed from the schema, so a
 * statement's row type follows the table instead of being written out beside it:
 * `rows<Pick<TableRow<typeof orders>, 'id' | 'status'>>(sql\`SELECT id, status FROM orders …\`)`.
 */
import type { Column, Table } from 'drizzle-orm';

/**
 * A column's value as raw `execute` hands it over, which is not always what drizzle's own queries map it to: drizzle
 * passes timestamps and dates through as the server's text, and a bigint arrives as a number from PGlite but as a
 * string of digits from node-postgres.
 */
type RawValue<C extends Column> = C['_']['columnType'] extends 'PgTimestamp' | 'PgDate'
  ? string
  : C['_']['columnType'] extends 'PgBigInt53'
    ? number | string
    : C['_']['data'];

type ColumnValue<C extends Column> = C['_']['notNull'] extends true ? RawValue<C> : RawValue<C> | null;

export type TableRow<T extends Table> = {
  [K in keyof T['_']['columns'] as T['_']['columns'][K]['_']['name']]: ColumnValue<T['_']['columns'][K]>;
};
