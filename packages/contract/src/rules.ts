/**
 * Rules shared by the API and the browser with no zod in them, so client bundles can import
 * `@attar/contract/rules` without pulling in the schema library.
 */
/** List pages (api-contract.md "lists that grow"): 24 items unless asked, at most 100. */
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;

/** Quantity limits of spec §5: 1 to the stock, or to 10 when stock is missing or zero. */
export const MIN_QUANTITY = 1;
export const FALLBACK_MAX_QUANTITY = 10;
export function maxQuantity(stock: number | null | undefined): number {
  return stock && stock > 0 ? stock : FALLBACK_MAX_QUANTITY;
}
export function clampQuantity(quantity: number, stock: number | null | undefined): number {
  return Math.min(Math.max(Math.trunc(quantity) || MIN_QUANTITY, MIN_QUANTITY), maxQuantity(stock));
}

export { analyticsEvent, analyticsValue, ANALYTICS_CURRENCY, type AnalyticsItem } from './analytics';

/** Account rules (accounts.ts re-exports them). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII: an Arabic keyboard types them. */
export const asciiDigits = (input: string) =>
  input.replace(/[٠-٩۰-۹]/g, (d) => String((d.charCodeAt(0) - (d >= '۰' ? 0x06f0 : 0x0660)) % 10));

/**
 * Egyptian mobile numbers as people type them (01xxxxxxxxx, +201xxxxxxxxx, 00201xxxxxxxxx, with spaces or dashes, in
 * Latin or Arabic digits), read as E.164 (+201xxxxxxxxx). Mobile prefixes: 010, 011, 012, 015.
 */
export function egyptianMobileToE164(input: string): string | null {
  const digits = asciiDigits(input)
    .replace(/[\s\-().]/g, '')
    .replace(/^00/, '+');
  const match = /^(?:\+20|0)?(1[0125]\d{8})$/.exec(digits.startsWith('+20') ? digits : digits.replace(/^\+/, ''));
  return match ? `+20${match[1]}` : null;
}

/**
 * An order's points shared among its lines in proportion to what each line costs (largest remainder), so the
 * points shown beside the lines add up to the order's, which are earned on the amount paid after the promotion and
 * the points spent. `amounts` in piastres.
 */
export function sharePoints(amounts: readonly number[], points: number): number[] {
  const whole = amounts.reduce((sum, amount) => sum + amount, 0);
  if (whole <= 0 || points <= 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (amount * points) / whole);
  const shares = exact.map(Math.floor);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - shares[index]! }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  let left = points - shares.reduce((sum, share) => sum + share, 0);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** Cash on delivery, card, mobile wallet, kiosk reference, valU instalments (see `PaymentMethod` in checkout.ts). */
export const PAYMENT_METHODS = ['cod', 'card', 'wallet', 'kiosk', 'valu'] as const;
