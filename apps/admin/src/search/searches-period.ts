/**
 * The Searches report's period, kept in the address (`from`, `to`: Cairo days): the last 30 days unless asked, and
 * checked by the contract's rule before it is sent.
 */
import { SearchReportQuery } from '@attar/contract';
import { shopDay } from '@attar/contract/rules';
import { z } from 'zod';

const optionalDay = z.iso.date().optional().catch(undefined);
export const SearchesSearch = z.object({ from: optionalDay, to: optionalDay });
export type SearchesSearch = z.infer<typeof SearchesSearch>;

/** How many Cairo days the report covers when the address names none, today included. */
const DEFAULT_DAYS = 30;

/** The period the address asks for, the missing ends filled in; null when it cannot be one (ends first, too long). */
export function searchesPeriod(search: SearchesSearch, now = new Date()): SearchReportQuery | null {
  const parsed = SearchReportQuery.safeParse({
    from: search.from ?? shopDay(DEFAULT_DAYS - 1, now),
    to: search.to ?? shopDay(0, now),
  });
  return parsed.success ? parsed.data : null;
}
