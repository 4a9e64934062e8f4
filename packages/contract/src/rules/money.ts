/**
 * The API answers amounts in pounds (the contract's `Money`) while every sum is done in whole piastres, so a sum never
 * drifts by a floating-point fraction: one conversion for every app.
 */
export const toPiastres = (pounds: number) => Math.round(pounds * 100);
