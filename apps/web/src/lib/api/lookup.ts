import { PAGE_SIZE_MAX, type Offer, type Paginated, type Product } from '@attar/contract';
import { listOffers, listProducts } from './catalog';

/**
 * Finds catalogue entries by id by walking the (cached) list pages, since the API looks items up by slug only;
 * stops as soon as every id is found.
 */
async function findByIds<T extends { id: number }>(
  ids: number[],
  loadPage: (page: number) => Promise<Paginated<T>>,
): Promise<Map<number, T>> {
  const wanted = new Set(ids);
  const found = new Map<number, T>();
  for (let page = 1; wanted.size > 0; page += 1) {
    const { results, next } = await loadPage(page);
    for (const item of results) {
      if (wanted.delete(item.id)) found.set(item.id, item);
    }
    if (!next) break;
  }
  return found;
}

export const findProductsByIds = (ids: number[], locale: string) =>
  findByIds<Product>(ids, (page) => listProducts({ page, page_size: PAGE_SIZE_MAX }, locale));

export const findOffersByIds = (ids: number[], locale: string) =>
  findByIds<Offer>(ids, (page) => listOffers({ page, page_size: PAGE_SIZE_MAX }, locale));
