/**
 * What the API says to people, one catalogue per language. Services name a key; `text(locale, key)` picks the
 * language. Arabic must have every English key (the type says so), so a text cannot exist in one language only.
 */
import type { Locale } from '@attar/contract';

const en = {
  notFound: 'Not found.',
  throttled: 'Too many requests. Try again later.',
  paymentUnknown: 'No payment matches this callback.',
  paymentAmountMismatch: 'The amount does not match the order.',
  paymentTransactionReused: 'This transaction was already recorded.',
  paymentAlreadyProcessed: 'Already processed.',
  paymentBadSignature: 'The callback signature is not valid.',
  paymentRecorded: 'Payment recorded.',
  paymentDeclined: 'Payment declined.',
  paymentPending: 'Payment pending.',
  paymentRefundedAfterCancel: 'The order was cancelled: the payment is being refunded.',
  refundExceedsPayment: 'That would refund more than was paid.',
  cardPaymentsOff: 'Card payments are not available. Choose cash on delivery.',
  idempotencyKeyReused: 'This request key was already used for a different order.',
  promoNeedsVerifiedPhone: 'Verify your phone number in your profile to use this code.',
  receiptNotFound: 'No in-store receipt has that number and claim code.',
} as const;

const ar: { readonly [K in keyof typeof en]: string } = {
  notFound: 'غير موجود.',
  throttled: 'طلبات كثيرة. حاول مرة أخرى لاحقًا.',
  paymentUnknown: 'لا يوجد دفع يطابق هذا الإشعار.',
  paymentAmountMismatch: 'المبلغ لا يطابق الطلب.',
  paymentTransactionReused: 'تم تسجيل هذه العملية من قبل.',
  paymentAlreadyProcessed: 'تمت المعالجة من قبل.',
  paymentBadSignature: 'توقيع الإشعار غير صالح.',
  paymentRecorded: 'تم تسجيل الدفع.',
  paymentDeclined: 'تم رفض الدفع.',
  paymentPending: 'الدفع قيد المعالجة.',
  paymentRefundedAfterCancel: 'تم إلغاء الطلب، وجارٍ رد المبلغ المدفوع.',
  refundExceedsPayment: 'هذا الاسترداد أكبر من المبلغ المدفوع.',
  cardPaymentsOff: 'الدفع بالبطاقة غير متاح. اختر الدفع عند الاستلام.',
  idempotencyKeyReused: 'مفتاح هذا الطلب استُخدم من قبل لطلب مختلف.',
  promoNeedsVerifiedPhone: 'أكّد رقم هاتفك من ملفك الشخصي لاستخدام هذا الكود.',
  receiptNotFound: 'لا يوجد إيصال من المتجر بهذا الرقم ورمز المطالبة.',
};

export type TextKey = keyof typeof en;

export const catalogue: Record<Locale, { readonly [K in TextKey]: string }> = { en, ar };

export const text = (locale: Locale, key: TextKey): string => catalogue[locale][key];
