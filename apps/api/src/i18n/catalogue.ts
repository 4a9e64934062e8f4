/**
 * What the API says to people, one catalogue per language. Services name a key; `text(locale, key)` picks the
 * language. Arabic must have every English key (the type says so), so a text cannot exist in one language only.
 */
import type { Locale, OrderStatus } from '@attar/contract';

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
  orderChanged: 'Someone else changed this order first. Here it is as it is now.',
  invalidTransition: 'An order that is {from} cannot become {to}.',
  status_pending_payment: 'waiting for payment',
  status_placed: 'placed',
  status_confirmed: 'confirmed',
  status_packed: 'packed',
  status_shipped: 'shipped',
  status_delivered: 'delivered',
  status_cancelled: 'cancelled',
  status_refunded: 'refunded',
  notAuthenticated: 'Sign in first.',
  staffSignInRequired: 'Sign in to the back office first.',
  permissionDenied: 'Your role does not allow this.',
  csrfMissing: 'This request is missing its CSRF token. Reload the page.',
  staffInvalidCredentials: 'Wrong e-mail or password.',
  staffTotpRequired: 'Enter the 6-digit code from your authenticator app.',
  staffTotpInvalid: 'That code is not right, or was already used. Wait for the next one.',
  staffTotpEnrolFirst: 'Turn on two-step sign-in first.',
  staffLoginLocked: 'Too many failed sign-ins. Try again later.',
  staffLinkInvalid: 'This link is not valid any more. Ask the owner for a new one.',
  staffEmailTaken: 'A staff member already has this e-mail.',
  staffLastOwner: 'The shop must keep at least one active owner.',
  cashCollectedRequired: 'Enter the cash the courier collected.',
  paymentCod: 'cash on delivery',
  paymentCard: 'card',
  shippedWith: 'Courier: {courier}, tracking number {tracking}.',
  newOrderAlertSubject: 'New order {number}: {total} LE',
  newOrderAlertBody: 'A new order {number} ({total} LE, {payment}) from {name}, {phone}, {region}. Open it: {link}',
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
  orderChanged: 'غيّر شخص آخر هذا الطلب قبلك. هذه حالته الآن.',
  invalidTransition: 'لا يمكن نقل طلب حالته «{from}» إلى «{to}».',
  status_pending_payment: 'في انتظار الدفع',
  status_placed: 'جديد',
  status_confirmed: 'مؤكد',
  status_packed: 'تم التجهيز',
  status_shipped: 'تم الشحن',
  status_delivered: 'تم التوصيل',
  status_cancelled: 'ملغي',
  status_refunded: 'مسترد',
  notAuthenticated: 'سجّل الدخول أولًا.',
  staffSignInRequired: 'سجّل الدخول إلى لوحة الإدارة أولًا.',
  permissionDenied: 'دورك لا يسمح بهذا.',
  csrfMissing: 'ينقص هذا الطلب رمز الحماية. أعد تحميل الصفحة.',
  staffInvalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  staffTotpRequired: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة.',
  staffTotpInvalid: 'الرمز غير صحيح أو استُخدم من قبل. انتظر الرمز التالي.',
  staffTotpEnrolFirst: 'فعّل الدخول بخطوتين أولًا.',
  staffLoginLocked: 'محاولات دخول فاشلة كثيرة. حاول لاحقًا.',
  staffLinkInvalid: 'هذا الرابط لم يعد صالحًا. اطلب رابطًا جديدًا من المالك.',
  staffEmailTaken: 'يوجد موظف بهذا البريد الإلكتروني.',
  staffLastOwner: 'يجب أن يبقى للمتجر مالك نشط واحد على الأقل.',
  cashCollectedRequired: 'أدخل المبلغ النقدي الذي حصّله المندوب.',
  paymentCod: 'الدفع عند الاستلام',
  paymentCard: 'بطاقة',
  shippedWith: 'شركة الشحن: {courier}، رقم التتبع {tracking}.',
  newOrderAlertSubject: 'طلب جديد {number}: {total} ج.م.',
  newOrderAlertBody: 'طلب جديد {number} ({total} ج.م.، {payment}) من {name}، {phone}، {region}. افتحه: {link}',
};

export type TextKey = keyof typeof en;

export const catalogue: Record<Locale, { readonly [K in TextKey]: string }> = { en, ar };

/** The text for `key` in `locale`, with `{name}` placeholders filled from `values`. */
export const text = (locale: Locale, key: TextKey, values: Record<string, string | number> = {}): string =>
  catalogue[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** An order status as people read it. */
export const statusName = (locale: Locale, status: OrderStatus) => text(locale, `status_${status}`);
