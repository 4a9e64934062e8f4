/** Which ways to pay an order may use: the storefront's checkout and the back office's phone order both ask this. */

/** The ways to pay the shop takes (site config), and the smallest total valU takes, in pounds. */
export type PaymentOptions<Method extends string = string> = { methods: readonly Method[]; valuMin: number };

/** Whether the method can pay this total (pounds): offered by the shop, and for valU, from its minimum. */
export const canPayWith = (method: string, options: PaymentOptions, total: number) =>
  options.methods.includes(method) && (method !== 'valu' || total >= options.valuMin);
