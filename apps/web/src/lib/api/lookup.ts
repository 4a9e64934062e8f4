/**
 * Catalogue entries by id for the guest cart, which keeps ids only: one `?ids=` call per kind (the API takes up to
 * 100 ids, more than a cart holds). Browser-side, so only types come from the contract.
 */
import type { Offer, Paginated, Product } from '@attar/contract';
import { PAGE_SIZE_MAX } from '@attar/contract/rules';
import { apiRequire } from './client';

async function findByIds<T extends { id: number }>(path: string, ids: number[], locale: string): Promise<Map<number, T>> {
  const wanted = [...new Set(ids)].slice(0, PAGE_SIZE_MAX);
  if (wanted.length === 0) return new Map();
  const page = await apiRequire<Paginated<T>>(path, { query: { ids: wanted.join(','), page_size: PAGE_SIZE_MAX }, locale });
  return new Map(page.results.map((item) => [item.id, item]));
}

export const findProductsByIds = (ids: number[], locale: string) => findByIds<Product>('/api/products/', ids, locale);

export const findOffersByIds = (ids: number[], locale: string) => findByIds<Offer>('/api/offers/', ids, locale);
