/**
 * The Searches report's period, kept in the address (`from`, `to`: Cairo days): the last 30 days unless asked, and
 * checked by the contract's rule before it is sent.
 */
import { SearchReportQuery } from '@attar/contract';
import { z } from 'zod';
import { SHOP_TIME_ZONE } from '../lib/format';

const optionalDay = z.iso.date().optional().catch(undefined);
export const SearchesSearch = z.object({ from: optionalDay, to: optionalDay });
export type SearchesSearch = z.infer<typeof SearchesSearch>;

/** How many Cairo days the report covers when the address names none, today included. */
const DEFAULT_DAYS = 30;

/** Today on Cairo's calendar, `daysAgo` days back. */
export function shopDay(daysAgo = 0, now = new Date()): string {
  const today = now.toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE });
  return new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** The period the address asks for, the missing ends filled in; null when it cannot be one (ends first, too long). */
export function searchesPeriod(search: SearchesSearch, now = new Date()): SearchReportQuery | null {
  const parsed = SearchReportQuery.safeParse({
    from: search.from ?? shopDay(DEFAULT_DAYS - 1, now),
    to: search.to ?? shopDay(0, now),
  });
  return parsed.success ? parsed.data : null;
}
