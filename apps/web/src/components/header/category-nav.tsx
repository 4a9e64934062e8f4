import { useTranslations } from 'next-intl';
import { NAV_ITEMS } from './nav-items';
import { NavLink } from './nav-link';

const LINK =
  'block rounded-full px-3 py-2 text-sm tracking-wide text-cream/90 rtl:tracking-normal transition-colors hover:text-gold aria-[current=page]:font-semibold aria-[current=page]:text-gold';

/** The category links; shown inline on large screens and inside the menu panel on small ones. */
export function CategoryLinks({ layout }: { layout: 'inline' | 'stacked' }) {
  const t = useTranslations('common.nav');
  return (
    <ul className={layout === 'inline' ? 'flex flex-wrap items-center justify-center gap-1' : 'flex flex-col gap-1 py-2'}>
      {NAV_ITEMS.map((item) => (
        <li key={item.key}>
          {item.disabled ? (
            // Spec §2: the Offers nav link is shown disabled (the page itself works).
            <span aria-disabled="true" className={`${LINK} cursor-not-allowed text-mist/70 hover:text-mist/70`}>
              {t(item.key)}
            </span>
          ) : (
            <NavLink item={item} className={LINK}>
              {t(item.key)}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}
