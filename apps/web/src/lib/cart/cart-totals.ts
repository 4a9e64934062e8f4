/**
 * The cart's money, exactly (whole piastres) and the way the API computes it: each line's amount, the promotion's
 * discount and the totals. Apart from cart-lines.ts, which every page's first load needs: these load with the cart's
 * store, the bag and the checkout.
 */
import { promotionOutcome, ruleOfTerms, toPiastres } from '@attar/contract/rules';
import { countedLines, type CartLine, type CartPromotion, type CartTotals, type TotalsBasis } from './cart-lines';

/** Exact money: the line's price times its quantity in piastres. */
export const linePiastres = (price: number, quantity: number) => toPiastres(price) * quantity;
/** The same in pounds. */
export const lineTotal = (price: number, quantity: number) => linePiastres(price, quantity) / 100;

/**
 * What the promotion takes off the counted lines, in piastres, by the API's rule (`@attar/contract/rules`): a
 * percentage or a fixed amount of the lines it applies to, nothing below its minimum order.
 */
export function promotionDiscountPiastres(lines: CartLine[], promotion: CartPromotion | null): number {
  if (!promotion) return 0;
  const counted = countedLines(lines).map((line) => ({
    piastres: linePiastres(line.item.price, line.quantity),
    parts: line.item.promotionParts,
  }));
  return promotionOutcome(ruleOfTerms(promotion), counted).discount;
}

/** Totals of the lines, exactly (whole piastres), the way the API computes them; unavailable lines are omitted. */
export function totalsOf(lines: CartLine[], basis: TotalsBasis): CartTotals {
  const subtotal = countedLines(lines).reduce((sum, line) => sum + linePiastres(line.item.price, line.quantity), 0);
  const discount = promotionDiscountPiastres(lines, basis.promotion);
  const total = subtotal - discount;
  const threshold = basis.freeShippingAfter === null ? null : toPiastres(basis.freeShippingAfter);
  return {
    subtotal: subtotal / 100,
    discount: discount / 100,
    total: total / 100,
    promotion: basis.promotion,
    freeShippingAfter: basis.freeShippingAfter,
    remainingForFreeShipping: threshold === null ? null : Math.max(0, threshold - total) / 100,
    pointsEarned: basis.pointsEarned,
  };
}
