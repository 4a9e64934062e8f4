/**
 * The search field's own attributes, alike in the suggesting box (a client component) and the plain field the form
 * shows before it is ready; kept apart from both so the server component can read them.
 */
export const SEARCH_FIELD = { id: 'site-search', name: 'search', type: 'search', autoComplete: 'off', enterKeyHint: 'search' } as const;
