/**
 * What a promotion takes off, shared by the API (which decides) and the storefront (which shows it first): a
 * percentage of the eligible lines rounded down to whole piastres, or a fixed amount never more than the eligible
 * lines cost. The minimum order is the subtotal of every line before any discount. A code limited to categories or
 * products counts a line when its product or its product's category is listed; an offer (a bundle) counts when every
 * product in it does. Amounts in piastres.
 */
import { toPiastres } from './money';
export type PromotionRule = {
  discount_kind: 'percent' | 'amount';
  /** 1–100 for a percentage; unused for an amount. */
  percent: number;
  /** The fixed amount off, in piastres; unused for a percentage. */
  amountPiastres: number;
  minOrderPiastres: number;
  /** Listed categories and products; both empty: every line counts. */
  categories: readonly number[];
  products: readonly number[];
};

/** A product a line holds (one for a product line, each of an offer's products) and its category. */
export type PromotionLinePart = { product: number; category: number };
export type PromotionLine = { piastres: number; parts: readonly PromotionLinePart[] };

/** Why a usable code takes nothing off these lines: below its minimum, or none of them is one it applies to. */
export type PromotionRefusal = 'min_order' | 'not_applicable';
export type PromotionOutcome = { discount: number; refusal: PromotionRefusal | null };

export function lineQualifies(rule: Pick<PromotionRule, 'categories' | 'products'>, parts: readonly PromotionLinePart[]): boolean {
  if (rule.categories.length === 0 && rule.products.length === 0) return true;
  return parts.length > 0 && parts.every((part) => rule.products.includes(part.product) || rule.categories.includes(part.category));
}

export function promotionOutcome(rule: PromotionRule, lines: readonly PromotionLine[]): PromotionOutcome {
  const subtotal = lines.reduce((sum, line) => sum + line.piastres, 0);
  if (subtotal < rule.minOrderPiastres) return { discount: 0, refusal: 'min_order' };
  const eligible = lines.reduce((sum, line) => sum + (lineQualifies(rule, line.parts) ? line.piastres : 0), 0);
  if (eligible <= 0) return { discount: 0, refusal: 'not_applicable' };
  const discount = rule.discount_kind === 'percent' ? Math.floor((eligible * rule.percent) / 100) : Math.min(rule.amountPiastres, eligible);
  return { discount, refusal: null };
}

/** The rule of a promotion as the API answers it (pounds, `applies_to`), for the storefront's own sums. */
export function ruleOfTerms(terms: {
  discount_kind: 'percent' | 'amount';
  percent_discount: number;
  amount_off: number | null;
  min_order: number;
  applies_to: { categories: readonly number[]; products: readonly number[] };
}): PromotionRule {
  return {
    discount_kind: terms.discount_kind,
    percent: terms.percent_discount,
    amountPiastres: toPiastres(terms.amount_off ?? 0),
    minOrderPiastres: toPiastres(terms.min_order),
    categories: terms.applies_to.categories,
    products: terms.applies_to.products,
  };
}
