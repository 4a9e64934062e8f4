import {
  Category,
  Concentration,
  Family,
  NoResults,
  Note,
  Occasion,
  Offer,
  OfferPage,
  Product,
  ProductDetail,
  ProductPage,
  SEARCH_ID_HEADER,
  SearchIdParam,
  Size,
  type Paginated,
  type ProductListQuery,
} from '@attar/contract';
import { z } from 'zod';
import { apiRequire, CATALOGUE_REVALIDATE_SECONDS } from './client';

/** Filters of `GET /api/products/`, as the storefront sends them (strings pass through, e.g. `Deodorants`); `ids` as `3,7,12`. */
export type ProductFilters = Partial<Omit<ProductListQuery, 'lang' | 'ids' | 'notes'>> & { ids?: string; notes?: string };

const cached = (locale: string) => ({ locale, revalidate: CATALOGUE_REVALIDATE_SECONDS });

/** A page of products; a search's page names the filters its words were read as (`understood`). */
export async function listProducts(filters: ProductFilters, locale: string): Promise<z.infer<typeof ProductPage>> {
  const data = await apiRequire('/api/products/', { ...cached(locale), query: filters });
  return ProductPage.parse(data);
}

/**
 * A search's first page, never from the storefront's cache: the API counts each search and names it in its answer
 * (decision 0045). `searchId`: the search is already counted (the same one sorted, filtered or reloaded).
 */
export async function searchProducts(filters: ProductFilters, locale: string, searchId: number | undefined) {
  let named: number | undefined;
  const data = await apiRequire('/api/products/', {
    locale,
    query: filters,
    headers: searchId === undefined ? {} : { [SEARCH_ID_HEADER]: String(searchId) },
    readHeaders: (headers) => {
      named = SearchIdParam.safeParse(headers.get(SEARCH_ID_HEADER) ?? undefined).data;
    },
  });
  return { products: ProductPage.parse(data), searchId: named };
}

/** The product with its rating summary (the visible reviews' average and count). */
export async function getProduct(slug: string, locale: string): Promise<ProductDetail> {
  return ProductDetail.parse(await apiRequire(`/api/products/${encodeURIComponent(slug)}/`, cached(locale)));
}

/** "You may also like": products in stock sharing this one's notes or family (for guests too). */
export async function getSimilarProducts(slug: string, locale: string): Promise<Product[]> {
  return z.array(Product).parse(await apiRequire(`/api/products/${encodeURIComponent(slug)}/similar/`, cached(locale)));
}

/** For a search that found nothing: a corrected spelling that finds something, and popular products. */
export async function getNoResults(search: string, locale: string): Promise<NoResults> {
  return NoResults.parse(await apiRequire('/api/products/no-results/', { ...cached(locale), query: { search } }));
}

export async function listOffers(page: { page?: number; page_size?: number }, locale: string): Promise<Paginated<Offer>> {
  return OfferPage.parse(await apiRequire('/api/offers/', { ...cached(locale), query: page }));
}

export async function getOffer(slug: string, locale: string): Promise<Offer> {
  return Offer.parse(await apiRequire(`/api/offers/${encodeURIComponent(slug)}/`, cached(locale)));
}

export async function listCategories(locale: string): Promise<Category[]> {
  return z.array(Category).parse(await apiRequire('/api/categories/', cached(locale)));
}

export async function listFamilies(locale: string): Promise<Family[]> {
  return z.array(Family).parse(await apiRequire('/api/fragrance/', cached(locale)));
}

export async function listSizes(locale: string): Promise<Size[]> {
  return z.array(Size).parse(await apiRequire('/api/products/sizes/', cached(locale)));
}

export async function listNotes(locale: string): Promise<Note[]> {
  return z.array(Note).parse(await apiRequire('/api/products/notes/', cached(locale)));
}

export async function listConcentrations(locale: string): Promise<Concentration[]> {
  return z.array(Concentration).parse(await apiRequire('/api/products/concentrations/', cached(locale)));
}

export async function listOccasions(locale: string): Promise<Occasion[]> {
  return z.array(Occasion).parse(await apiRequire('/api/products/occasions-names/', cached(locale)));
}

/**
 * The API's 404 body (`{detail, code: "not_found"}`), or its 400 for a slug it refuses to read (too long):
 * either way the page the visitor asked for does not exist.
 */
export function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === 'not_found' || Array.isArray((error as { slug?: unknown }).slug);
}
