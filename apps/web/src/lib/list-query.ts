/** Reads a product list page's query string (category_slug, search; plus filters, sort and page). */
import { GENDERS, PRODUCT_ORDERINGS, SearchIdParam } from '@attar/contract';

export type Ordering = (typeof PRODUCT_ORDERINGS)[number];
export type Gender = (typeof GENDERS)[number];
export type ListQuery = {
  page: number;
  category_slug?: string;
  search?: string;
  family?: string;
  occasion?: string;
  gender?: Gender;
  /** Note slugs: products with any of them. */
  notes?: string[];
  concentration?: string;
  /** Millilitres. */
  size?: number;
  /** Pounds. */
  price_min?: number;
  price_max?: number;
  ordering?: Ordering;
  /** The recorded search this list shows (decision 0045): the same search sorted, filtered or reloaded is not counted again. */
  search_id?: number;
};

/** The filters a shopper sets (chips and "clear" remove them); category and search belong to the page. */
export const FILTER_KEYS = ['family', 'occasion', 'gender', 'notes', 'concentration', 'size', 'price_min', 'price_max'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

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

/** A whole or decimal amount of at least 0 (a size or a price bound); anything else is no filter. */
function amount(value: string | string[] | undefined): number | undefined {
  const text = nonBlank(value);
  if (text === undefined || !/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined;
  return Number(text);
}

/** `notes=oud&notes=rose-taifi` or `notes=oud,rose-taifi`: slugs, each once. */
function slugs(value: string | string[] | undefined): string[] | undefined {
  const list = (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((each) => each.split(','))
    .map((each) => each.trim().toLowerCase())
    .filter((each) => /^[a-z0-9-]{1,60}$/.test(each));
  const unique = [...new Set(list)].slice(0, 20);
  return unique.length > 0 ? unique : undefined;
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
    gender: GENDERS.find((known) => known === single(params.gender)),
    notes: slugs(params.notes),
    concentration: nonBlank(params.concentration),
    size: Number.isInteger(amount(params.size)) && amount(params.size)! > 0 ? amount(params.size) : undefined,
    price_min: amount(params.price_min),
    price_max: amount(params.price_max),
    ordering: PRODUCT_ORDERINGS.find((known) => known === ordering),
    search_id: search === undefined ? undefined : SearchIdParam.safeParse(single(params.search_id)).data,
  };
}

/** The values the shop offers for each filter, as the form sends them; a list not read (the API failed) is left out. */
export type KnownValues = Partial<Record<'family' | 'occasion' | 'notes' | 'concentration' | 'size', readonly string[]>>;

/**
 * The query without the filter values the shop does not offer (decision 0043): an old link's note or a misspelt
 * family neither filters nor shows as a chip, and the known values beside it still apply, as the API does too.
 */
export function knownQuery(query: ListQuery, known: KnownValues): ListQuery {
  const offered = (key: keyof KnownValues, value: string) =>
    known[key] === undefined || known[key].some((each) => each.toLowerCase() === value.toLowerCase());
  const notes = query.notes?.filter((slug) => offered('notes', slug));
  return {
    ...query,
    family: query.family !== undefined && offered('family', query.family) ? query.family : undefined,
    occasion: query.occasion !== undefined && offered('occasion', query.occasion) ? query.occasion : undefined,
    concentration: query.concentration !== undefined && offered('concentration', query.concentration) ? query.concentration : undefined,
    size: query.size !== undefined && offered('size', String(query.size)) ? query.size : undefined,
    notes: notes && notes.length > 0 ? notes : undefined,
  };
}

/** Whether any of the shopper's filters is set. */
export const isFiltered = (query: ListQuery) => FILTER_KEYS.some((key) => query[key] !== undefined);

/** The query as `GET /api/products/` takes it (notes as one comma-separated list). */
export function apiFilters({ notes, search_id: _searchId, ...rest }: Omit<ListQuery, 'page'>) {
  // The search's id travels as a header (searchProducts), out of the address the API's caches key on.
  return { ...rest, notes: notes?.join(',') };
}

/**
 * The list URL for another page or filter, keeping the rest of the query; page 1 is written without `page`. The
 * search's id stays while its text does.
 */
export function listHref(pathname: string, query: ListQuery, change: Partial<ListQuery>): string {
  const next = {
    ...query,
    ...change,
    search_id: change.search === undefined || change.search === query.search ? query.search_id : undefined,
  };
  const params = new URLSearchParams();
  for (const key of ['category_slug', 'search', ...FILTER_KEYS, 'ordering', 'search_id'] as const) {
    const value = next[key];
    // Notes as one comma-separated parameter, as the API takes them.
    if (Array.isArray(value)) params.set(key, value.join(','));
    else if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}
