/**
 * Search analytics (decision 0045): the storefront's searches, recorded without personal data, the product a shopper
 * opened from a search's results, and the back office's report over a period of Cairo days. Searches of the same text
 * (lower-cased and trimmed) are grouped; the hourly housekeeping deletes them after the site's retention period.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  SEARCH_QUERY_RECORDED_MAX,
  SearchIdParam,
  SEARCH_REPORT_ROWS,
  type Locale,
  type SearchClickInput,
  type SearchReport,
  type SearchReportList,
  type SearchReportQuery,
} from '@attar/contract';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { ApiError } from '../http/errors';
import { text } from '../i18n/catalogue';

/** The text as recorded: cut to its first 200 characters (code points, as PostgreSQL counts them); null when blank. */
export function recordedQuery(search: string): string | null {
  if (search.trim() === '') return null;
  return Array.from(search).slice(0, SEARCH_QUERY_RECORDED_MAX).join('');
}

/** A product list asked for: its search text, page, language and how many products match. */
export type AskedSearch = { search?: string; page: number; locale: Locale; resultCount: number };

/**
 * The id the answer to a product list carries: a first page's search is recorded (one statement) unless the caller
 * names its search already (`Search-Id`: the same search sorted, filtered or reloaded), which is answered again as it
 * is; later pages and lists without a search carry none. Recording never fails the search: a failure is logged and
 * the answer goes without an id.
 */
export async function searchIdFor(database: Database, log: FastifyBaseLogger, asked: AskedSearch, namedId: unknown) {
  const query = asked.search === undefined || asked.page !== 1 ? null : recordedQuery(asked.search);
  if (query === null) return null;
  const named = SearchIdParam.safeParse(namedId);
  if (named.success) return named.data;
  try {
    const row = oneRow(
      await database.rows<Pick<TableRow<typeof tables.searches>, 'id'>>(sql`
        INSERT INTO searches (query, locale, result_count) VALUES (${query}, ${asked.locale}, ${asked.resultCount})
        RETURNING id`),
    );
    return row.id;
  } catch (error) {
    log.warn({ err: error }, 'could not record a search');
    return null;
  }
}

/**
 * The shopper opened `product` from the results of search `search_id`: the first product opened is kept, a later one
 * changes nothing. An unknown search or product is a 404 and changes nothing.
 */
export async function recordSearchClick(database: Database, locale: Locale, click: SearchClickInput) {
  const row = oneRow(
    await database.rows<{ search: boolean; product: boolean }>(sql`
      WITH product AS (SELECT id FROM products WHERE id = ${click.product}),
        clicked AS (UPDATE searches s SET clicked_product_id = p.id, clicked_at = now() FROM product p
          WHERE s.id = ${click.search_id} AND s.clicked_at IS NULL RETURNING s.id)
      SELECT EXISTS (SELECT 1 FROM searches WHERE id = ${click.search_id}) AS search, EXISTS (SELECT 1 FROM product) AS product`),
  );
  if (!row.search) throw new ApiError(404, 'search_not_found', text(locale, 'searchNotFound'));
  if (!row.product) throw new ApiError(404, 'product_not_found', text(locale, 'productNotFound'));
}

// ---------------------------------------------------------------------------------------------------------------------
// The report

/** The Cairo midnight that begins `day`. */
const cairoMidnight = (day: SQL) => sql`(${day}::timestamp AT TIME ZONE 'Africa/Cairo')`;
/** The period's searches, compared as instants so the date index serves them, each with how often its spelling is. */
const periodSearches = ({ from, to }: SearchReportQuery) => sql`
  SELECT *, count(*) OVER (PARTITION BY query) AS spelling_searches FROM searches
  WHERE created_at >= ${cairoMidnight(sql`${from}::date`)} AND created_at < ${cairoMidnight(sql`(${to}::date + 1)`)}`;

/** What each list keeps of the period's searches. */
const LIST_FILTERS: Record<SearchReportList, SQL> = {
  top: sql`true`,
  'no-results': sql`max(result_count) = 0`,
  'no-click': sql`max(result_count) > 0 AND count(clicked_at) = 0`,
};

/**
 * One list's rows, most searched first: each text once lower-cased and trimmed, shown as its most common spelling (the
 * latest of equally common ones). "No results" takes the texts whose searches all found nothing; "no click" those that found products none of which
 * was opened.
 */
const listRows = (period: SearchReportQuery, list: SearchReportList, limit?: number) => sql`
  SELECT (array_agg(query ORDER BY spelling_searches DESC, created_at DESC, id DESC))[1] AS query, count(*)::int AS searches, max(result_count)::int AS results,
    count(clicked_at)::int AS clicks
  FROM (${periodSearches(period)}) s
  GROUP BY lower(btrim(query))
  HAVING ${LIST_FILTERS[list]}
  ORDER BY count(*) DESC, lower(btrim(query))
  ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`;

const listJson = (period: SearchReportQuery, list: SearchReportList) =>
  sql`(SELECT coalesce(json_agg(r ORDER BY r.searches DESC, lower(btrim(r.query))), '[]') FROM (${listRows(period, list, SEARCH_REPORT_ROWS)}) r)`;

/** The period's counts and its three lists, in one statement. */
export async function searchReport(database: Database, period: SearchReportQuery): Promise<SearchReport> {
  const row = oneRow(
    await database.rows<{ report: SearchReport }>(sql`
      SELECT json_build_object('from', ${period.from}::text, 'to', ${period.to}::text,
        'searches', (SELECT count(*)::int FROM (${periodSearches(period)}) s),
        'no_results', (SELECT count(*)::int FROM (${periodSearches(period)}) s WHERE result_count = 0),
        'clicked', (SELECT count(clicked_at)::int FROM (${periodSearches(period)}) s),
        'top', ${listJson(period, 'top')},
        'no_result_queries', ${listJson(period, 'no-results')},
        'no_click_queries', ${listJson(period, 'no-click')}) AS report`),
  );
  return row.report;
}

export const SEARCH_CSV_HEADER = ['query', 'searches', 'results', 'clicks'];

/** A list's every row as CSV cells, header first. */
export async function searchListCsvRows(database: Database, period: SearchReportQuery, list: SearchReportList) {
  const rows = await database.rows<{ cells: string[] }>(sql`
    SELECT ARRAY[r.query, r.searches::text, r.results::text, r.clicks::text] AS cells FROM (${listRows(period, list)}) r
    ORDER BY r.searches DESC, lower(btrim(r.query))`);
  return [SEARCH_CSV_HEADER, ...rows.map((row) => row.cells)];
}
