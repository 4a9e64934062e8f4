/** What a code limited to categories or products looks at in a cart line: its product(s) and their categories. */
import type { PromotionLinePart } from '@attar/contract/rules';

type Categorised = { id: number; category?: { id: number } | undefined };

/** A product's part, or each of an offer's products' (an offer counts for a limited code only if all of them do). */
export function promotionPartsOf(item: Categorised & { products?: { product: Categorised }[] | undefined }): PromotionLinePart[] {
  const products = item.products ? item.products.map((entry) => entry.product) : [item];
  return products.flatMap((product) => (product.category ? [{ product: product.id, category: product.category.id }] : []));
}
