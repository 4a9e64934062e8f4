'use client';
/**
 * The results of a recorded search (decision 0045). The address is given the search's id, so a reload does not count
 * the search again; the first product opened from the results is told to the API against that search, with one
 * listener for the whole list as the cards' analytics do (components/product/card-list.tsx).
 */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import type { SearchClickInput } from '@attar/contract';
import { apiRequest } from '@/lib/api/client';

/** Names the search in the address, so a reload does not count it again; results or none. */
export function RememberSearch({ searchId }: { searchId: number }) {
  useEffect(() => {
    const address = new URL(window.location.href);
    if (address.searchParams.get('search_id') === String(searchId)) return;
    address.searchParams.set('search_id', String(searchId));
    window.history.replaceState(window.history.state, '', address);
  }, [searchId]);
  return null;
}

/** The search's own results (not the popular products shown when it found none). */
export function SearchResults({ searchId, children }: { searchId: number; children: ReactNode }) {
  const told = useRef(false);

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-select-item]');
    if (!link || !event.currentTarget.contains(link) || told.current) return;
    const product = Number(link.dataset.selectItem);
    if (!Number.isSafeInteger(product) || product < 1) return;
    told.current = true;
    // Typed, not parsed: the contract's schemas stay out of the page's first load (the API checks the body).
    const click: SearchClickInput = { search_id: searchId, product };
    // Kept alive: the product page is opening. A click that cannot be told is no reason to keep the shopper waiting.
    apiRequest('/api/search-clicks/', { method: 'POST', body: click, anonymous: true, keepalive: true }).catch(() => undefined);
  }

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- it only hears the clicks of the links inside (a keyboard's Enter on a link is a click too)
    <div onClick={onClick}>{children}</div>
  );
}
