import type { Offer, Product } from '@attar/contract';
import type { AnalyticsItem } from '@attar/contract';
import { analyticsItem } from '@/lib/analytics';
import { renditionsOf, type Renditions } from '@/lib/media';
import { quantityLimits } from '@/lib/quantity';
import type { QuantityLimits } from '@/lib/quantity-limits';
import type { SizeOption } from './size-option';
import type { PromotionLinePart } from '@attar/contract/rules';
import { promotionPartsOf } from '@/lib/cart/promotion-parts';

/** What a card and the purchase controls need, for products and offers alike. */
export type CatalogueItem = {
  kind: 'product' | 'offer';
  id: number;
  name: string;
  href: string;
  renditions: Renditions;
  /** The default size's price (a product) or the offer's. */
  price: number;
  originalPrice: number | null;
  /** The lowest price of a product whose sizes differ in price ("from …" on cards); null otherwise. */
  fromPrice: number | null;
  stock: number;
  limits: QuantityLimits;
  /** A product's sizes, smallest first; empty for an offer. */
  sizes: SizeOption[];
  /** `available`, `out_of_stock`, or any other value, which means an offer (spec §4). */
  availability: string;
  isFavourite: boolean;
  isNew: boolean;
  analytics: AnalyticsItem;
  /** The product(s) and categories a code limited to some of them looks at, once the item is in the cart. */
  promotionParts: PromotionLinePart[];
};

function sizeOptions(product: Product): SizeOption[] {
  return product.variants
    .map((variant) => ({
      id: variant.id,
      ml: variant.ml,
      price: variant.price,
      stock: variant.stock,
      availability: variant.availability,
      isDefault: variant.is_default,
      limits: quantityLimits(variant.stock),
    }))
    .sort((a, b) => a.ml - b.ml);
}

export function productItem(product: Product): CatalogueItem {
  const sizes = sizeOptions(product);
  const prices = new Set(sizes.map((size) => size.price));
  return {
    kind: 'product',
    id: product.id,
    name: product.name,
    href: `/fragrances/${product.slug}`,
    renditions: renditionsOf(product),
    price: product.price,
    originalPrice: null,
    fromPrice: prices.size > 1 ? Math.min(...prices) : null,
    stock: product.stock,
    limits: quantityLimits(product.stock),
    sizes,
    availability: product.availability,
    isFavourite: product.isFavourite,
    isNew: product.is_new,
    analytics: analyticsItem(product),
    promotionParts: promotionPartsOf(product),
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
    fromPrice: null,
    stock: offer.stock,
    limits: quantityLimits(offer.stock),
    sizes: [],
    availability: offer.availability,
    isFavourite: false,
    isNew: false,
    analytics: analyticsItem(offer),
    promotionParts: promotionPartsOf(offer),
  };
}
