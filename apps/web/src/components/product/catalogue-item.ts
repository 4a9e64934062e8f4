import type { Offer, Product } from '@attar/contract';
import type { AnalyticsItem } from '@attar/contract';
import { analyticsItem } from '@/lib/analytics';
import { renditionsOf, type Renditions } from '@/lib/media';

/** What a card and the purchase controls need, for products and offers alike. */
export type CatalogueItem = {
  kind: 'product' | 'offer';
  id: number;
  name: string;
  href: string;
  renditions: Renditions;
  price: number;
  originalPrice: number | null;
  stock: number;
  /** `available`, `out_of_stock`, or any other value, which means an offer (spec §4). */
  availability: string;
  isFavourite: boolean;
  isNew: boolean;
  analytics: AnalyticsItem;
};

export function productItem(product: Product): CatalogueItem {
  return {
    kind: 'product',
    id: product.id,
    name: product.name,
    href: `/fragrances/${product.slug}`,
    renditions: renditionsOf(product),
    price: product.price,
    originalPrice: null,
    stock: product.stock,
    availability: product.availability,
    isFavourite: product.isFavourite,
    isNew: product.is_new,
    analytics: analyticsItem(product),
  };
}

export function offerItem(offer: Offer): CatalogueItem {
  return {
    kind: 'offer',
    id: offer.id,
    name: offer.name,
    href: `/offers/${offer.slug}`,
    renditions: renditionsOf(offer),
    price: offer.price,
    originalPrice: offer.original_price > offer.price ? offer.original_price : null,
    stock: offer.stock,
    availability: offer.availability,
    isFavourite: false,
    isNew: false,
    analytics: analyticsItem(offer),
  };
}
