/** What the search box suggests as the shopper types (browser-side: only the type comes from the contract). */
import type { SearchSuggestions } from '@attar/contract';
import { apiRequire } from './client';

export function getSuggestions(search: string, locale: string, signal: AbortSignal): Promise<SearchSuggestions> {
  return apiRequire<SearchSuggestions>('/api/products/suggestions/', { query: { search }, locale, signal });
}
