/** Quantity limits, decided on the server with the contract's rules and handed to the steppers. */
import { maxQuantity, MIN_QUANTITY } from '@attar/contract/rules';
import type { QuantityLimits } from './quantity-limits';

export function quantityLimits(stock: number | null | undefined): QuantityLimits {
  return { min: MIN_QUANTITY, max: maxQuantity(stock) };
}
