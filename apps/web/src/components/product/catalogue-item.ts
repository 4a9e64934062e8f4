import type { ListedProduct, Offer, Product, RatingSummary } from '@attar/contract';
import type { AnalyticsItem } from '@attar/contract';
import { analyticsItem } from '@/lib/analytics';
import { renditionsOf, type Renditions } from '@/lib/media';
import { quantityLimits } from '@/lib/quantity';
import type { QuantityLimits } from '@/lib/quantity-limits';
import { initialSize, prefersSize, type SizePreference } from './opening-size';
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
  /** The opening size's price when the page asked for a size, else the default size's (a product) or the offer's. */
  price: number;
  originalPrice: number | null;
  /** The lowest price of a product whose sizes differ in price ("from …" on cards); null otherwise. */
  fromPrice: number | null;
  stock: number;
  limits: QuantityLimits;
  /** A product's sizes, smallest first; empty for an offer. */
  sizes: SizeOption[];
  /** The size the pickers start on (initialSize, following the page's filters or `?size=`); null for an offer. */
  opening: SizeOption | null;
  /** `available`, `out_of_stock`, or any other value, which means an offer. */
  availability: string;
  isFavourite: boolean;
  isNew: boolean;
  /** The visible reviews' average and count, where the answer carries them (listings); null otherwise. */
  rating: RatingSummary;
  /** Among the most units sold in the last 30 days (listings only). */
  bestseller: boolean;
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

/** A product from any answer; a listing's also says how it is rated and whether it is a bestseller. */
type CardProduct = Product & Partial<Pick<ListedProduct, 'rating' | 'bestseller'>>;

/** A product as a card or its page shows it (one argument: it is mapped over lists). */
export const productItem = (product: CardProduct): CatalogueItem => productItemFor(product, {});

/** A product opening on the size the page's filters or `?size=` ask for. */
export function productItemFor(product: CardProduct, preference: SizePreference): CatalogueItem {
  const sizes = sizeOptions(product);
  const prices = new Set(sizes.map((size) => size.price));
  const opening = initialSize(sizes, preference);
  // Asked for a size, the card names that size's price rather than the default's or "from …".
  const asked = prefersSize(preference) && opening !== null;
  return {
    kind: 'product',
    id: product.id,
    name: product.name,
    href: `/fragrances/${product.slug}`,
    renditions: renditionsOf(product),
    price: asked ? opening.price : product.price,
    originalPrice: null,
    fromPrice: !asked && prices.size > 1 ? Math.min(...prices) : null,
    stock: product.stock,
    limits: quantityLimits(product.stock),
    sizes,
    opening,
    availability: product.availability,
    isFavourite: product.isFavourite,
    isNew: product.is_new,
    rating: product.rating ?? null,
    bestseller: product.bestseller ?? false,
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
    opening: null,
    availability: offer.availability,
    isFavourite: false,
    isNew: false,
    rating: null,
    bestseller: false,
    analytics: analyticsItem(offer),
    promotionParts: promotionPartsOf(offer),
  };
}
