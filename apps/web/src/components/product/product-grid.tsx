import { listAnalytics } from '@/lib/analytics';
import type { CatalogueItem } from './catalogue-item';
import { ProductCard } from './product-card';
import { CardList } from './card-list';

/** Cards in the first row of the widest layout load eagerly; everything below the fold lazily. */
const EAGER_CARDS = 4;

export function ProductGrid({ items, showPrice }: { items: CatalogueItem[]; showPrice: boolean }) {
  return (
    <CardList {...listAnalytics(items.map((item) => item.analytics))}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {items.map((item, index) => (
          <li key={`${item.kind}-${item.id}`}>
            <ProductCard item={item} showPrice={showPrice} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
    </CardList>
  );
}
