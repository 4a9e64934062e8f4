import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';

/** Absolute next/previous links like DRF's, or null at either end. */
export function pageLinks(request: FastifyRequest, publicUrl: string, count: number, current: number, pageSize: number) {
  const link = (n: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set('page', String(n));
    return url.toString();
  };
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: current < lastPage ? link(current + 1) : null,
    previous: current > 1 ? link(Math.min(current - 1, lastPage)) : null,
  };
}

/** `{count, next, previous, results}` as JSON text, the results already JSON. */
export function pageJson(
  request: FastifyRequest,
  publicUrl: string,
  page: { count: number; resultsJson: string; understood?: unknown[]; did_you_mean?: string },
  current: number,
  pageSize: number,
): string {
  const { next, previous } = pageLinks(request, publicUrl, page.count, current, pageSize);
  const understood = page.understood ? `,"understood":${JSON.stringify(page.understood)}` : '';
  const didYouMean = page.did_you_mean === undefined ? '' : `,"did_you_mean":${JSON.stringify(page.did_you_mean)}`;
  return `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)}${understood}${didYouMean},"results":${page.resultsJson}}`;
}

/** The `count` a `pageJson` text begins with. */
export function pageCountOf(json: Buffer) {
  const [, count] = /^\{"count":(\d+)/.exec(json.subarray(0, 32).toString()) ?? [];
  if (count === undefined) throw new Error('A page does not start with its count.');
  return Number(count);
}

/**
 * One page of a table's rows that match `where`, and how many match, in one statement: `results` are the page's rows
 * as `rowJson` builds them (from the page aliased `alias`, and what `joins` adds to it), in `orderBy`'s order.
 */
export async function pageOfRows<Row>(
  database: Database,
  query: { table: string; alias: string; where: SQL; orderBy: SQL; rowJson: SQL; joins?: SQL; page: number; pageSize: number },
): Promise<{ count: number; results: Row[] }> {
  const from = sql.raw(`${query.table} ${query.alias}`);
  return oneRow(
    await database.rows<{ count: number; results: Row[] }>(sql`
      SELECT (SELECT count(*)::int FROM ${from} WHERE ${query.where}) AS count,
        coalesce((SELECT json_agg(${query.rowJson} ORDER BY ${query.orderBy}) FROM (
          SELECT * FROM ${from} WHERE ${query.where} ORDER BY ${query.orderBy}
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}) ${sql.raw(query.alias)} ${query.joins ?? sql``}), '[]') AS results`),
  );
}
