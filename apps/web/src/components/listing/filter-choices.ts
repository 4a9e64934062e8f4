/** A choice as the filter form sends it (`value`) and shows it (`name`). */
export type FilterOption = { value: string; name: string };
/** Every filter's choices, as the list page hands them to the form. */
export type FilterChoices = Record<
  'families' | 'occasions' | 'notes' | 'concentrations' | 'sizes' | 'genders' | 'orderings',
  FilterOption[]
>;
