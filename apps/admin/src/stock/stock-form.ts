/**
 * The stock adjustment form's rules, apart from its markup: received and damaged take a count of units (in and out),
 * a correction takes the change itself with its sign (decision 0019); the request is checked by the contract's schema
 * and each problem named by its field with a message of the back office's own; the API's field errors go under theirs.
 */
import { STAFF_STOCK_REASONS, StaffStockAdjustment } from '@attar/contract';
import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import type { MessageKey } from '../messages/en';
import { readNumber } from '../lib/form-check';

export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];

/** The form as its inputs hold it. */
export type StockForm = { reason: StaffStockReason; quantity: string; note: string };

export const emptyStockForm = (): StockForm => ({ reason: 'received', quantity: '', note: '' });

/** The quantity field's label: what the number typed means for each reason. */
export const QUANTITY_LABELS: Record<StaffStockReason, MessageKey> = {
  received: 'quantity_received',
  damaged: 'quantity_damaged',
  correction: 'quantity_correction',
};

/**
 * The change in units the form means: a count (received: in, damaged: out), or for a correction the signed number
 * typed ("+2", "-3", "−3"); NaN when it is not one of those.
 */
export function stockChange(form: StockForm): number {
  const typed = form.quantity.trim().replace(/^[−–]/, '-');
  if (form.reason === 'correction') return readNumber(typed.replace(/^\+/, ''));
  const units = readNumber(typed);
  if (!(units > 0)) return NaN;
  return form.reason === 'damaged' ? -units : units;
}

export const stockRequest = (form: StockForm) => ({
  change: stockChange(form),
  reason: form.reason,
  note: form.note.trim() || undefined,
});

const FIELD_OF: Record<string, keyof StockForm> = { change: 'quantity', reason: 'reason', note: 'note' };

/** The form field an API field error goes under, or null for one that belongs to none. */
export const stockFieldOf = (field: string): keyof StockForm | null => FIELD_OF[field] ?? null;

/** react-hook-form's resolver: the checked request, or field errors whose message is a message key. */
export const stockResolver: Resolver<StockForm, unknown, StaffStockAdjustment> = (values) => {
  const parsed = StaffStockAdjustment.safeParse(stockRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<StockForm> = {};
  for (const issue of parsed.error.issues) {
    const field = stockFieldOf(String(issue.path[0])) ?? 'quantity';
    if (errors[field]) continue;
    const message: MessageKey =
      field === 'note'
        ? 'errorTooLong'
        : field === 'reason'
          ? 'errorChoose'
          : values.reason === 'correction'
            ? 'errorChange'
            : 'errorUnits';
    set(errors, field, { type: 'client', message });
  }
  return { values: {}, errors };
};
