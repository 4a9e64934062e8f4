import type { StaffOrder } from '@attar/contract';

type Line = StaffOrder['items'][number];

/**
 * How staff name an order's line: the product and the size to pick from the shelf ("Oud Royal · 100 ml"), or the
 * offer. `inSize` words a product in a size in the screen's language.
 */
export function lineLabel(line: Line, inSize: (name: string, ml: number) => string): string {
  const name = line.product_obj?.name ?? line.offer_obj?.name ?? '';
  return line.size_ml === null ? name : inSize(name, line.size_ml);
}
