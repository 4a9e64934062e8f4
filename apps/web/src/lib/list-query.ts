/** Reads a product list page's query string (spec §2: category_slug, search; plus filters, sort and page). */
import { PRODUCT_ORDERINGS } from '@attar/contract';

export type Ordering = (typeof PRODUCT_ORDERINGS)[number];
export type ListQuery = {
  page: number;
  category_slug?: string;
  search?: string;
  family?: string;
  occasion?: string;
  ordering?: Ordering;
};

export type RawSearchParams = Record<string, string | string[] | undefined>;

/** Upper bound for ?page=: beyond it the API answers an empty page anyway. */
const MAX_PAGE = 10_000;

function single(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined ? undefined : text;
}

function nonBlank(value: string | string[] | undefined): string | undefined {
  const text = single(value)?.trim();
  return text ? text : undefined;
}

export function parseListQuery(params: RawSearchParams): ListQuery {
  const page = Number.parseInt(single(params.page) ?? '', 10);
  const ordering = single(params.ordering);
  // The search text goes to the API as typed (no length check); only a missing one is omitted.
  const search = single(params.search);
  return {
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    category_slug: nonBlank(params.category_slug),
    search: search !== undefined && search.trim() !== '' ? search : undefined,
    family: nonBlank(params.family),
    occasion: nonBlank(params.occasion),
    ordering: PRODUCT_ORDERINGS.find((known) => known === ordering),
  };
}

/** The list URL for another page or filter, keeping the rest of the query; page 1 is written without `page`. */
export function listHref(pathname: string, query: ListQuery, change: Partial<ListQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  for (const key of ['category_slug', 'search', 'family', 'occasion', 'ordering'] as const) {
    const value = next[key];
    if (value) params.set(key, value);
  }
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}
