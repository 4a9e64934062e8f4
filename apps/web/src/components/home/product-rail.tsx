import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { listAnalytics } from '@/lib/analytics';
import type { CatalogueItem } from '../product/catalogue-item';
import { ProductCard } from '../product/product-card';
import { CardList } from '../product/card-list';
import { ChevronEndIcon } from '../icons';

type ProductRailProps = {
  id: string;
  title: string;
  href: string;
  items: CatalogueItem[];
  showPrice: boolean;
  /** Offer cards outside /offers link to the offer instead of adding it (the availability rule would add it as a product). */
  purchasable?: boolean;
};

/** A home section: heading, "view all" link and a row of cards that scrolls sideways (CSS only). */
export function ProductRail({ id, title, href, items, showPrice, purchasable = true }: ProductRailProps) {
  const t = useTranslations('common.home');
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="below-fold mx-auto mt-12 max-w-7xl px-4 md:px-6">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold text-cream md:text-2xl">
          <span className="me-3 inline-block h-px w-8 bg-gold align-middle" aria-hidden="true" />
          {title}
        </h2>
        <Link
          href={href}
          aria-label={t('viewAllOf', { section: title })}
          className="inline-flex shrink-0 items-center gap-1 text-sm text-gold hover:text-gold-bright"
        >
          {t('viewAll')}
          <ChevronEndIcon size={16} className="rtl:-scale-x-100" />
        </Link>
      </div>
      <CardList {...listAnalytics(items.map((item) => item.analytics))}>
        <ul className="scroll-row">
          {items.map((item) => (
            <li key={item.id} className="w-[46%] shrink-0 snap-start sm:w-[31%] md:w-[23.5%] lg:w-[18.8%]">
              <ProductCard item={item} showPrice={showPrice} purchasable={purchasable} />
            </li>
          ))}
        </ul>
      </CardList>
    </section>
  );
}
