/**
 * The row a statement is about, in place of `rows[0]!`. `oneRow` for a statement that always returns one (an
 * aggregate, an unconditional INSERT … RETURNING, a row read back in the transaction that wrote it): its first row,
 * and none is the server's fault, a 500. `rowOrNotFound` for a row the caller named, which may not exist: none is the
 * API's 404 with the caller's text.
 */
import { notFound } from '../http/errors';

export function oneRow<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row.');
  return row;
}

export function rowOrNotFound<T>(rows: T[], detail: string): T {
  const [row] = rows;
  if (row === undefined) throw notFound(detail);
  return row;
}
