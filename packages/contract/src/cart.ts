import { z } from 'zod';
import { Id, Money } from './common';
import { Offer, Product, ProductVariant } from './catalog';
import { PromotionTerms } from './promotions';
import { GIFT_MESSAGE_MAX, ORDER_NOTES_MAX } from './rules/order-texts';

/** A whole number of items: 0, negatives, fractions, strings and absurd numbers are refused. */
export const Quantity = z
  .number({ error: 'Enter a whole number.' })
  .int({ error: 'Enter a whole number.' })
  .min(1, { error: 'The quantity must be at least 1.' })
  .max(1000, { error: 'That is more than we can sell at once.' });

/** `variant`: the size (one of the product's `variants`); without it, the product's default size. */
export const CartProductRequest = z.object({ product: Id, variant: Id.optional(), quantity: Quantity });
export const CartOfferRequest = z.object({ offer: Id, quantity: Quantity });

export const CartProductLine = z.object({
  id: Id,
  quantity: z.number().int().positive(),
  product_obj: Product,
  /** The size in the bag: its price is the line's. */
  variant: ProductVariant,
  /** False when the product was unpublished or sold out since it was added: shown, but not counted in the total. */
  available: z.boolean(),
  /** What the line held before this answer lowered it to the stock left; null when it was not lowered. */
  reduced_from: z.number().int().positive().nullable(),
});
export type CartProductLine = z.infer<typeof CartProductLine>;
export const CartOfferLine = z.object({
  id: Id,
  quantity: z.number().int().positive(),
  offer_obj: Offer,
  available: z.boolean(),
  /** What the line held before this answer lowered it to the stock left; null when it was not lowered. */
  reduced_from: z.number().int().positive().nullable(),
});
export type CartOfferLine = z.infer<typeof CartOfferLine>;

export const CartPromotion = PromotionTerms;

export const Cart = z.object({
  products: z.array(CartProductLine),
  offers: z.array(CartOfferLine),
  /** Total quantity of every line. */
  count: z.number().int().nonnegative(),
  subtotal: Money,
  discount: Money,
  promotion: CartPromotion.nullable(),
  free_shipping_after: Money,
  remaining_for_free_shipping: Money,
  total: Money,
  /** Loyalty points the available lines earn once delivered. */
  points_earned: z.number().int().nonnegative(),
});
export type Cart = z.infer<typeof Cart>;

/** 400 when asking for more than there is: names what is available. */
export const InsufficientStockBody = z.object({ detail: z.string(), code: z.literal('insufficient_stock'), available: z.number().int() });

export const WishListToggleRequest = z.object({ product_write: Id });
export const WishListToggleResponse = z.object({ product: Id, favorited: z.boolean() });
export const WishListEntry = z.object({ id: Id, product: Product });
export type WishListEntry = z.infer<typeof WishListEntry>;

/** The guest cart kept in localStorage (`products`, and `offers` alike). */
/** `variant`: a product line's size (the default size when absent); not for offers. */
export const GuestCartLine = z.object({ id: Id, variant: Id.optional(), quantity: z.number().int().positive() });
export type GuestCartLine = z.infer<typeof GuestCartLine>;
/**
 * Gift wrap, the gift card's message and the order notes, kept with the cart until an order takes them: the
 * signed-in shopper's on the server (`/api/carts/me/extras/`), a guest's in local storage. As typed; the order trims.
 */
export const CartExtras = z.object({
  gift_wrap: z.boolean(),
  gift_message: z.string().max(GIFT_MESSAGE_MAX, { error: `A gift message fits ${GIFT_MESSAGE_MAX} characters.` }),
  notes: z.string().max(ORDER_NOTES_MAX, { error: `Notes fit ${ORDER_NOTES_MAX} characters.` }),
});
export type CartExtras = z.infer<typeof CartExtras>;
export const CartMergeRequest = z.object({
  products: z.array(GuestCartLine).max(200).default([]),
  offers: z.array(GuestCartLine).max(200).default([]),
  /** The guest's extras: taken only when the account has none. */
  extras: CartExtras.optional(),
});
/** What the merge could not add as asked: the shopper is told. */
export const CartMergeAdjustment = z.object({
  kind: z.enum(['product', 'offer']),
  id: Id,
  name: z.string().nullable(),
  requested: z.number().int(),
  added: z.number().int(),
  reason: z.enum(['limited_stock', 'out_of_stock', 'unavailable']),
});
export const CartMergeResponse = z.object({ cart: Cart, adjustments: z.array(CartMergeAdjustment) });
export type CartMergeResponse = z.infer<typeof CartMergeResponse>;
