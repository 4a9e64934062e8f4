/**
 * Rules shared by the API and the browser with no zod in them, so client bundles can import
 * `@attar/contract/rules` without pulling in the schema library. One module per subject: a page bundles only the
 * subjects it uses (the package has no side effects).
 */
/** List pages (lists that grow are paged): 24 items unless asked, at most 100. */
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;

export { clampQuantity, FALLBACK_MAX_QUANTITY, maxQuantity, MIN_QUANTITY } from './rules/quantity';
export { analyticsEvent, analyticsValue, ANALYTICS_CURRENCY, type AnalyticsItem } from './analytics';
export { asciiDigits, CODE_LENGTH, egyptianMobileToE164, PASSWORD_MAX, PASSWORD_MIN } from './rules/accounts';
export { pointsForPayment, sharePoints } from './rules/points';
export { orderAmounts, orderAmountsInPounds, type OrderAmounts, type OrderAmountsInput, type OrderRates } from './rules/order-amounts';
export { toPiastres } from './rules/money';
export { REVIEW_RATING_MAX, REVIEW_TEXT_MAX } from './rules/reviews';
export { GIFT_MESSAGE_MAX, ORDER_NOTES_MAX } from './rules/order-texts';
export { canPayWith, type PaymentOptions } from './rules/payment';
export {
  ORDER_EDITABLE_STATUSES,
  SHOPPER_CANCELLABLE_STATUSES,
  STAFF_ORDER_ACTIONS,
  UNDO_SECONDS,
  UNDOABLE_ACTIONS,
  type StaffOrderActionName,
  type UndoableAction,
} from './rules/order-status';
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

/** How long a kiosk reference stays payable (Paymob's bill lifetime; an unpaid kiosk order is cancelled after it). */
export const KIOSK_PAYABLE_HOURS = 48;
/** How long before a kiosk reference runs out its shopper is reminded to pay, once. */
export const KIOSK_REMINDER_HOURS = 12;
export {
  addressDirection,
  addressLines,
  addressLineText,
  addressText,
  displayPhone,
  firstStrongDirection,
  listComma,
  type AddressBlockInput,
  type AddressLabels,
  type AddressLine,
  type AddressPiece,
} from './rules/address';
export { isolated, isolatedLtr } from './rules/bidi';
export { deliveryPromise, type DeliveryDays, type DeliveryPromise, type DeliverySchedule } from './rules/delivery';
export {
  addDays,
  presetRange,
  previousRange,
  rangeDays,
  REPORT_PRESET_DAYS,
  shopDay,
  type DayRange,
  type ReportPreset,
} from './rules/report-range';
