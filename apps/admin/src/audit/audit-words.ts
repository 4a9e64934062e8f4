/**
 * The audit log in words, for the audit screen and an order's timeline: each action the shop records, and the fields
 * its entries carry, as staff call them. A name the shop no longer records is shown as it was written.
 */
import { AUDIT_ACTIONS, CASH_REFUND_METHODS, type AuditAction, type Locale } from '@attar/contract';
import type { MessageKey } from '../messages/en';
import { compactValue } from './audit-diff';
import { formatMoney } from '../lib/format';
import type { Translate } from '../lib/translate';

const isAuditAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);

/** The message naming `action`; `satisfies` fails the build when an action the API records has no words. */
export function auditActionKey(action: string): MessageKey | null {
  return isAuditAction(action) ? (`audit_${action}` as const satisfies MessageKey) : null;
}

/** The fields entries carry, by name; amounts are stored in piastres (`*_piastres`) and shown as money. */
export const AUDIT_FIELD_LABELS: Record<string, MessageKey> = {
  courier_name: 'courier',
  tracking_number: 'trackingNumber',
  cash_collected_piastres: 'cashCollected',
  status_reason: 'reason',
  reason: 'reason',
  refunded_piastres: 'historyField_refundedSoFar',
  amount_piastres: 'historyField_amountRefunded',
  lines: 'historyField_units',
  points_reversed: 'historyField_pointsReversed',
  points_returned: 'historyField_pointsReturned',
  return_id: 'historyField_return',
  message: 'historyField_message',
  items: 'historyField_items',
  address: 'address',
  delivery_fee_piastres: 'deliveryFee',
  delivery_fee_reason: 'historyField_feeReason',
  promo_code: 'promoCode',
  subtotal_piastres: 'subtotal',
  discount_piastres: 'historyField_discount',
  points_used: 'historyField_pointsUsed',
  total_piastres: 'total',
  tag: 'historyField_tag',
  balance_due_piastres: 'historyField_balanceDue',
  balance_paid_piastres: 'historyField_balancePaid',
  cash_method: 'cashRefundMethod',
  cash_reference: 'historyField_cashReference',
};

const isCashRefundMethod = (value: unknown): value is (typeof CASH_REFUND_METHODS)[number] =>
  (CASH_REFUND_METHODS as readonly unknown[]).includes(value);

/** A recorded value as text: an amount in piastres as money, a cash refund's method in words, anything else in one short line. */
export function recordedValue(t: Translate, locale: Locale, field: string, value: unknown): string {
  if (field.endsWith('_piastres') && typeof value === 'number') return formatMoney(locale, value / 100);
  if (field === 'cash_method' && isCashRefundMethod(value)) return t(`cashRefund_${value}`);
  return compactValue(value);
}
