/** The category nav, in the order it is shown. Offers is listed but disabled. */
export type NavItem = {
  key: 'eauDeParfum' | 'eauDeToilette' | 'energyBoosting' | 'deodorants' | 'pocketSize' | 'new' | 'offers';
  pathname: string;
  categorySlug?: string;
  disabled?: boolean;
};

export const NAV_ITEMS: NavItem[] = [
  { key: 'eauDeParfum', pathname: '/fragrances', categorySlug: 'eau-de-parfum' },
  { key: 'eauDeToilette', pathname: '/fragrances', categorySlug: 'eau-de-toilette' },
  { key: 'energyBoosting', pathname: '/fragrances', categorySlug: 'energy-boosting-fragrances' },
  // Capitalised, unlike the others; the API matches category slugs case-insensitively.
  { key: 'deodorants', pathname: '/fragrances', categorySlug: 'Deodorants' },
  { key: 'pocketSize', pathname: '/bullet' },
  { key: 'new', pathname: '/new' },
  { key: 'offers', pathname: '/offers', disabled: true },
];

export function navHref(item: NavItem): string {
  return item.categorySlug ? `${item.pathname}?category_slug=${item.categorySlug}` : item.pathname;
}
