/** A choice as the filter form sends it (`value`) and shows it (`name`). */
export type FilterOption = { value: string; name: string };
/** Every filter's choices, as the list page hands them to the form. */
export type FilterChoices = Record<
  'families' | 'occasions' | 'notes' | 'concentrations' | 'sizes' | 'genders' | 'orderings',
  FilterOption[]
>;

/**
 * The filter form's texts, written on the server with the page's counts (the products matching, the filters set, the
 * notes offered), so the browser needs none of the list's texts.
 */
export type FilterTexts = Record<
  | 'any'
  | 'openFilters'
  | 'filters'
  | 'closeFilters'
  | 'sort'
  | 'defaultOrder'
  | 'notes'
  | 'searchNotes'
  | 'noNoteMatches'
  | 'showFewerNotes'
  | 'showAllNotes'
  | 'family'
  | 'gender'
  | 'occasion'
  | 'concentration'
  | 'size'
  | 'price'
  | 'priceMin'
  | 'priceMax'
  | 'showResults'
  | 'apply',
  string
>;
