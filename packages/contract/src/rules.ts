/**
 * Rules shared by the API and the browser with no zod in them, so client bundles can import
 * `@attar/contract/rules` without pulling in the schema library. One module per subject: a page bundles only the
 * subjects it uses (the package has no side effects).
 */
/** List pages (api-contract.md "lists that grow"): 24 items unless asked, at most 100. */
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;

export { clampQuantity, FALLBACK_MAX_QUANTITY, maxQuantity, MIN_QUANTITY } from './rules/quantity';
export { analyticsEvent, analyticsValue, ANALYTICS_CURRENCY, type AnalyticsItem } from './analytics';
export { asciiDigits, CODE_LENGTH, egyptianMobileToE164, PASSWORD_MAX, PASSWORD_MIN } from './rules/accounts';
export { sharePoints } from './rules/points';
export { REVIEW_RATING_MAX, REVIEW_TEXT_MAX } from './rules/reviews';
export {
  lineQualifies,
  promotionOutcome,
  ruleOfTerms,
  type PromotionLine,
  type PromotionLinePart,
  type PromotionOutcome,
  type PromotionRefusal,
  type PromotionRule,
} from './rules/promotions';

/** Cash on delivery, card, mobile wallet, kiosk reference, valU instalments (see `PaymentMethod` in checkout.ts). */
export const PAYMENT_METHODS = ['cod', 'card', 'wallet', 'kiosk', 'valu'] as const;
