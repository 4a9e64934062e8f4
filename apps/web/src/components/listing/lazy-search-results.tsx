'use client';
/**
 * A recorded search's own code (search-results.tsx), fetched only on a search's pages. A server page cannot split a
 * client component into its own chunk (Turbopack bundles all of a page's client components together), so the split
 * happens here, in the browser: the lists without a search go without it.
 */
import { lazy, Suspense } from 'react';

const SearchResults = lazy(() => import('./search-results').then((module) => ({ default: module.SearchResults })));

export function LazySearchResults({ searchId }: { searchId: number }) {
  return (
    <Suspense>
      <SearchResults searchId={searchId} />
    </Suspense>
  );
}
