/**
 * The cart as the storefront shows it, for guests and signed-in shoppers alike, and the pure steps that change it:
 * the optimistic half of every cart change (the server's answer replaces the result a moment later).
 */
import type { AnalyticsItem, PromotionTerms } from '@attar/contract';
import type { PromotionLinePart } from '@attar/contract/rules';
import { stepWithin, type QuantityLimits } from '@/lib/quantity-limits';
import type { CartItemKind } from './cart-signals';

export type { CartItemKind };

/** Which line: a product in one size (its variant), or an offer (no variant). */
export type LineRef = {
  kind: CartItemKind;
  /** The product's or offer's id. */
  id: number;
  /** The product's size (variant id); null for an offer. */
  variant: number | null;
};

/** What the cart shows of a product in one size or of an offer, in the page's language. */
export type CartItem = LineRef & {
  name: string;
  /** The size in millilitres, shown beside the name; null for an offer. */
  ml: number | null;
  href: string;
  image: string;
  price: number;
  limits: QuantityLimits;
  analytics: AnalyticsItem;
  /** The product(s) the line holds and their categories: what a code limited to some of them looks at. */
  promotionParts: PromotionLinePart[];
};

export type CartLine = LineRef & {
  quantity: number;
  /** The server's id of the line (needed to delete it); null in the guest cart and before the server has the line. */
  lineId: number | null;
  /** null while not looked up yet (guest cart) or when the catalogue no longer has the item. */
  item: CartItem | null;
  /** False when the item was unpublished or sold out since it was added: shown, but not counted in the total. */
  available: boolean;
  /** What the line held before it was lowered to the stock left, when the last read lowered it; otherwise null. */
  reducedFrom: number | null;
};

export type CartPromotion = PromotionTerms;

export type CartTotals = {
  subtotal: number;
  discount: number;
  total: number;
  promotion: CartPromotion | null;
  /** The free-shipping threshold, when known. */
  freeShippingAfter: number | null;
  remainingForFreeShipping: number | null;
  /** Loyalty points the available lines earn once delivered; null when unknown (the guest cart). */
  pointsEarned: number | null;
};

/** What totals cannot be computed from the lines alone: taken from the server's last answer or the site config. */
export type TotalsBasis = Pick<CartTotals, 'promotion' | 'freeShippingAfter' | 'pointsEarned'>;

export const isLine = (ref: LineRef) => (line: LineRef) => line.kind === ref.kind && line.id === ref.id && line.variant === ref.variant;

export const lineKey = (line: LineRef) => `${line.kind}-${line.id}-${line.variant ?? ''}`;

/** Only the line's identity (a whole line or item carries more). */
export const refOf = ({ kind, id, variant }: LineRef): LineRef => ({ kind, id, variant });

/** Within the item's limits, or as it is when the item is not known. */
export function clampToItem(quantity: number, item: CartItem | null): number {
  return item ? stepWithin(Math.trunc(quantity) || item.limits.min, 0, item.limits) : quantity;
}

export function withoutLine(lines: CartLine[], ref: LineRef): CartLine[] {
  return lines.filter((line) => !isLine(ref)(line));
}

/** Lines that count towards the total: available and known. */
export function countedLines(lines: CartLine[]): (CartLine & { item: CartItem })[] {
  return lines.filter((line): line is CartLine & { item: CartItem } => line.available && line.item !== null);
}

/** Units in the counted lines: the number the header, the panel and the bag show. */
export const countedUnits = (lines: CartLine[]) => countedLines(lines).reduce((sum, line) => sum + line.quantity, 0);

export type CartSnapshot = {
  /** `loading` until the cart has been read once. */
  status: 'loading' | 'ready';
  lines: CartLine[];
  totals: CartTotals;
  /** Some change is still waiting for its call. */
  saving: boolean;
};

/**
 * What the cart shows before it has been read once. No lines, nothing to pay: written out rather than computed, so
 * that every page's first load (the cart provider) goes without the totals' rules (cart-totals.ts, whose test holds
 * the two alike).
 */
export const emptyCartSnapshot = (basis: TotalsBasis): CartSnapshot => ({
  status: 'loading',
  lines: [],
  totals: {
    subtotal: 0,
    discount: 0,
    total: 0,
    promotion: basis.promotion,
    freeShippingAfter: basis.freeShippingAfter,
    remainingForFreeShipping: basis.freeShippingAfter,
    pointsEarned: basis.pointsEarned,
  },
  saving: false,
});

/** The analytics items of a line for `quantity` units (value is price × quantity). */
export function lineAnalytics(item: CartItem, quantity: number): AnalyticsItem {
  return { ...item.analytics, quantity };
}

/** Every counted line, for `view_cart`. */
export function cartAnalytics(lines: CartLine[]): AnalyticsItem[] {
  return countedLines(lines).map((line) => lineAnalytics(line.item, line.quantity));
}
