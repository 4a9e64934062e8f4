import { getLocale, getTranslations } from 'next-intl/server';
import { listCategories } from '@/lib/api/catalog';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { NavLink } from './nav-link';

const LINK =
  'block rounded-full px-3 py-2 text-sm tracking-wide text-cream/90 rtl:tracking-normal transition-colors hover:text-gold aria-[current=page]:font-semibold aria-[current=page]:text-gold';

/**
 * The category links; shown inline on large screens and inside the menu panel on small ones. A category is called by
 * its own name from the catalogue, as its list's heading and the breadcrumbs call it (the messages only stand in when
 * the catalogue cannot be read).
 */
export async function CategoryLinks({ layout }: { layout: 'inline' | 'stacked' }) {
  const locale = await getLocale();
  const [t, categories] = await Promise.all([getTranslations('common.nav'), listCategories(locale).catch(() => [])]);
  const name = (item: NavItem) => categories.find((category) => category.slug === item.categorySlug?.toLowerCase())?.name ?? t(item.key);
  return (
    <ul className={layout === 'inline' ? 'flex flex-wrap items-center justify-center gap-1' : 'flex flex-col gap-1 py-2'}>
      {NAV_ITEMS.map((item) => (
        <li key={item.key}>
          {item.disabled ? (
            // The Offers nav link is shown disabled (decision 0040; the page itself works).
            <span aria-disabled="true" className={`${LINK} cursor-not-allowed text-mist/70 hover:text-mist/70`}>
              {name(item)}
            </span>
          ) : (
            <NavLink item={item} className={LINK}>
              {name(item)}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}
