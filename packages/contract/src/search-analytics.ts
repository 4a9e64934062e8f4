/**
 * Search analytics (decision 0045): every storefront search is recorded without personal data — the text as typed, its
 * language, how many products it found and the product a shopper then opened from its results — and the back office's
 * "Searches" report groups them over a period of Cairo days.
 */
import { z } from 'zod';
import { Id, IdParam } from './common';
import { rangeDays } from './rules/report-range';

/** The most characters of a search that are recorded; a longer one is cut. */
export const SEARCH_QUERY_RECORDED_MAX = 200;

/**
 * `GET /api/products/?search=…` answers the recorded search's id in this header. The storefront sends it back on the
 * same search (another sort, filter or page, a reload) so it is not counted again, and posts it with a product opened
 * from the results.
 */
export const SEARCH_ID_HEADER = 'search-id';

/** A search's id as a header or a link's query carries it: digits only, within PostgreSQL's integer. */
export const SearchIdParam = IdParam;

/** `POST /api/search-clicks/`: the shopper opened `product` from the results of search `search_id` (the first counts). */
export const SearchClickInput = z.object({ search_id: Id, product: Id });
export type SearchClickInput = z.infer<typeof SearchClickInput>;

/** Searches are kept between one day and two years (the site setting `search_retention_days`). */
export const SEARCH_RETENTION_DAYS_MIN = 1;
export const SEARCH_RETENTION_DAYS_MAX = 730;

/** The report's longest period, in days. */
export const SEARCH_REPORT_DAYS_MAX = 366;

const day = z.iso.date();
/** The first and last Cairo day of the report, both included. */
export const SearchReportQuery = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => from <= to, { error: 'The period ends before it begins.', path: ['to'] })
  .refine(({ from, to }) => rangeDays({ from, to }) <= SEARCH_REPORT_DAYS_MAX, {
    error: `Choose at most ${SEARCH_REPORT_DAYS_MAX} days.`,
    path: ['to'],
  });
export type SearchReportQuery = z.infer<typeof SearchReportQuery>;

/** The report's lists, each also a CSV file: `/api/staff/searches/<list>.csv?from=&to=`. */
export const SEARCH_REPORT_LISTS = ['top', 'no-results', 'no-click'] as const;
export const SearchReportList = z.enum(SEARCH_REPORT_LISTS);
export type SearchReportList = z.infer<typeof SearchReportList>;

const count = z.number().int().nonnegative();

/**
 * Searches of the same text once lower-cased and trimmed: `query` is its most common spelling as typed, `results` the
 * most products one of them found, `clicks` how many of them led to a product.
 */
export const SearchedQuery = z.object({ query: z.string(), searches: count, results: count, clicks: count });
export type SearchedQuery = z.infer<typeof SearchedQuery>;

/** The most a list of the report shows; its CSV file has every row. */
export const SEARCH_REPORT_ROWS = 50;

export const SearchReport = z.object({
  from: day,
  to: day,
  /** The period's searches, those that found nothing, and those that led to a product. */
  searches: count,
  no_results: count,
  clicked: count,
  /** Most searched first. */
  top: z.array(SearchedQuery),
  /** Texts whose searches found nothing. */
  no_result_queries: z.array(SearchedQuery),
  /** Texts whose searches found products, none of which was opened. */
  no_click_queries: z.array(SearchedQuery),
});
export type SearchReport = z.infer<typeof SearchReport>;
