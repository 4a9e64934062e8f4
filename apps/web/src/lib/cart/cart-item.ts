/** A catalogue product or offer as a cart shows it (the server's cart lines, the guest cart's look-ups). */
import type { Offer, Product } from '@attar/contract';
import { analyticsItem } from '@/lib/analytics';
import { quantityLimits } from '@/lib/quantity';
import type { CartItem, CartItemKind } from './cart-lines';

type Catalogued = Pick<Product | Offer, 'id' | 'slug' | 'name' | 'name_en' | 'price' | 'stock' | 'image_mobile'> & {
  category?: { name: string };
};

export function cartItemOf(kind: CartItemKind, entry: Catalogued): CartItem {
  return {
    kind,
    id: entry.id,
    name: entry.name,
    href: kind === 'offer' ? `/offers/${entry.slug}` : `/fragrances/${entry.slug}`,
    image: entry.image_mobile,
    price: entry.price,
    limits: quantityLimits(entry.stock),
    analytics: analyticsItem(entry),
  };
}
