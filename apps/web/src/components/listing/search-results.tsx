'use client';
/**
 * What a recorded search's page does in the browser (decision 0045): the address is given the search's id, so a
 * reload does not count the search again, and the first product opened from its results (the links inside
 * `[data-search-results]`, not the popular products shown when it found none) is told to the API against that search.
 * Loaded only on a search's pages (lazy-search-results.tsx).
 */
import { useEffect } from 'react';
import type { SearchClickInput } from '@attar/contract';
import { apiRequest } from '@/lib/api/client';

export function SearchResults({ searchId }: { searchId: number }) {
  useEffect(() => {
    const address = new URL(window.location.href);
    if (address.searchParams.get('search_id') === String(searchId)) return;
    address.searchParams.set('search_id', String(searchId));
    window.history.replaceState(window.history.state, '', address);
  }, [searchId]);

  // One listener for the whole page, as the cards' analytics have one per list (components/product/card-list.tsx).
  useEffect(() => {
    let told = false;
    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-search-results] a[data-select-item]') : null;
      if (!link || told) return;
      const product = Number(link.dataset.selectItem);
      if (!Number.isSafeInteger(product) || product < 1) return;
      told = true;
      // Typed, not parsed: the contract's schemas stay out of the browser (the API checks the body).
      const click: SearchClickInput = { search_id: searchId, product };
      // Kept alive: the product page is opening. A click that cannot be told is no reason to keep the shopper waiting.
      apiRequest('/api/search-clicks/', { method: 'POST', body: click, anonymous: true, keepalive: true }).catch(() => undefined);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [searchId]);

  return null;
}
