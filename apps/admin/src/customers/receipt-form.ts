/**
 * The in-store receipt form's rules: what staff type (the number, the sale's time on Cairo's clock, the total in
 * pounds; the claim code is the shop's, made by the API) made into the API's body, checked by the contract's schema first; a problem is named by its field
 * with a message key of the back office's texts, so it follows a change of language.
 */
import { ReceiptImportRefused, StaffReceiptInput, type ImportProblem } from '@attar/contract';
import { ApiFailure } from '../api/client';
import type { MessageKey } from '../messages/en';
import { fromShopInput, toShopInput } from '../lib/shop-time';

export type ReceiptForm = { number: string; purchased_at: string; total: string };
/** A new receipt's form: most are entered as the sale happens, so its time starts at now on the shop's clock (ms). */
export const emptyReceiptForm = (now = Date.now()): ReceiptForm => ({ number: '', purchased_at: toShopInput(new Date(now)), total: '' });

const FIELD_MESSAGES: Record<keyof ReceiptForm, MessageKey> = {
  number: 'errorReceiptNumber',
  purchased_at: 'errorReceiptDate',
  total: 'errorAmount',
};

export type ReceiptFormResult =
  { body: StaffReceiptInput; errors?: undefined } | { body?: undefined; errors: Partial<Record<keyof ReceiptForm, MessageKey>> };

/** The API's body for the form's values, or the fields at fault. `now` (ms): a sale cannot be later. */
export function receiptBody(form: ReceiptForm, now = Date.now()): ReceiptFormResult {
  const purchasedAt = fromShopInput(form.purchased_at);
  const total = form.total.trim() === '' ? Number.NaN : Number(form.total.trim().replace(',', '.'));
  const body = { number: form.number.trim(), purchased_at: purchasedAt ?? '', total };
  const parsed = StaffReceiptInput.safeParse(body);
  const errors: Partial<Record<keyof ReceiptForm, MessageKey>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof ReceiptForm;
    errors[field] = FIELD_MESSAGES[field];
  }
  if (purchasedAt && Date.parse(purchasedAt) > now) errors.purchased_at = FIELD_MESSAGES.purchased_at;
  return Object.keys(errors).length ? { errors } : { body };
}

/** The lines an import was refused for, when that is what the API answered. */
export function importProblems(error: unknown): ImportProblem[] | null {
  if (!(error instanceof ApiFailure) || error.code !== 'import_invalid') return null;
  const refused = ReceiptImportRefused.safeParse(error.body);
  return refused.success ? refused.data.problems : null;
}
