/**
 * The bounds a stepper moves within. The server computes them with the contract's `maxQuantity`; client components
 * only step between them, so the contract (and zod with it) stays out of the browser bundle.
 */
export type QuantityLimits = { min: number; max: number };

export function stepWithin(quantity: number, step: number, { min, max }: QuantityLimits): number {
  return Math.min(Math.max(quantity + step, min), max);
}
