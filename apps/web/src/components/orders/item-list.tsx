/** An order's items as its public pages list them (tracking, confirmation, payment): each name with its size, and how many. */
import { useTranslations } from 'next-intl';
import type { OrderTracking } from '@attar/contract';
import { Price } from '../price';
import { useSizedName } from '../size-names';
import { useFormatNumber } from '../use-format-number';

export function ItemList({ items, heading }: { items: OrderTracking['items']; heading: 'tracking' | 'confirmation' | 'payment' }) {
  const t = useTranslations('common.orders');
  const sizedName = useSizedName();
  const formatNumber = useFormatNumber();
  return (
    <section className="flex flex-col gap-2 text-sm">
      <h2 className="text-base font-semibold text-cream">{t(`${heading}.items`)}</h2>
      <ul className="flex flex-col gap-1 text-cream">
        {items.map((item, index) => (
          <li key={index} className="flex justify-between gap-4">
            <span>{sizedName(item.name, item.size_ml)}</span>
            <span className="text-mist tabular">× {formatNumber(item.quantity)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The items and the total a signed link's page asks its shopper to confirm or to pay. */
export function ItemsWithTotal({
  items,
  total,
  heading,
}: {
  items: OrderTracking['items'];
  total: number;
  heading: 'confirmation' | 'payment';
}) {
  const t = useTranslations('common.orders');
  return (
    <>
      <ItemList items={items} heading={heading} />
      <p className="flex justify-between gap-4 text-cream">
        <span>{t(`${heading}.total`)}</span>
        <Price amount={total} className="font-semibold" />
      </p>
    </>
  );
}
