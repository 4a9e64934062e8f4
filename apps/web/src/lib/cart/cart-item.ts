/** A catalogue product (in one size) or offer as a cart shows it (the server's cart lines, the guest cart's look-ups). */
import type { Offer, Product, ProductVariant } from '@attar/contract';
import { analyticsItem } from '@/lib/analytics';
import { quantityLimits } from '@/lib/quantity';
import type { CartItem } from './cart-lines';
import { promotionPartsOf } from './promotion-parts';

type Catalogued = Pick<Product | Offer, 'id' | 'slug' | 'name' | 'name_en' | 'price' | 'stock' | 'image_mobile'> & {
  category?: { id: number; name: string };
  products?: Offer['products'];
};
type CataloguedProduct = Catalogued & Pick<Product, 'variants'>;
type Size = Pick<ProductVariant, 'id' | 'ml' | 'price' | 'stock'>;

/** The size asked for, or the product's default size without one; undefined when the product has no such size. */
export function sizeOf<S extends Size & Pick<ProductVariant, 'is_default'>>(
  product: { variants: S[] },
  variant?: number | null,
): S | undefined {
  return product.variants.find((size) => (variant == null ? size.is_default : size.id === variant));
}

export function productCartItem(product: Catalogued, size: Size): CartItem {
  return {
    kind: 'product',
    id: product.id,
    variant: size.id,
    ml: size.ml,
    name: product.name,
    href: `/fragrances/${product.slug}`,
    image: product.image_mobile,
    price: size.price,
    limits: quantityLimits(size.stock),
    analytics: analyticsItem({ ...product, price: size.price }),
    promotionParts: promotionPartsOf(product),
  };
}

/** A product in its default size (suggestions, order lines of products whose size is gone), or null without one. */
export function defaultSizeItem(product: CataloguedProduct): CartItem | null {
  const size = sizeOf(product);
  return size ? productCartItem(product, size) : null;
}

export function offerCartItem(offer: Catalogued): CartItem {
  return {
    kind: 'offer',
    id: offer.id,
    variant: null,
    ml: null,
    name: offer.name,
    href: `/offers/${offer.slug}`,
    image: offer.image_mobile,
    price: offer.price,
    limits: quantityLimits(offer.stock),
    analytics: analyticsItem(offer),
    promotionParts: promotionPartsOf(offer),
  };
}
