/**
 * The shopper's own account and data (decision 0026): a new e-mail or phone proven by a code sent to it, signing out
 * everywhere, the data export and deleting the account. Only types come from the contract.
 */
import type { AccountDeletionCodeSent, DataExport, User } from '@attar/contract';
import type { Detail } from './accounts';
import { apiRequest, apiRequire } from './client';

export type ContactField = 'email' | 'phone';

/** Sends a code to the NEW e-mail address or mobile number; nothing changes yet. */
export const sendContactChangeCode = (field: ContactField, value: string, locale: string) =>
  apiRequire<Detail>(`/api/users/me/${field}/send_code/`, { method: 'POST', body: { [field]: value }, locale });

/** With the code the new address received, it replaces the old one, verified. */
export const confirmContactChange = (field: ContactField, value: string, code: string, locale: string) =>
  apiRequire<User>(`/api/users/me/${field}/change/`, { method: 'POST', body: { [field]: value, code }, locale });

/** `204`: every token of the shopper is dead, this browser's too. */
export async function logOutEverywhere(locale: string): Promise<void> {
  await apiRequest<void>('/api/users/me/logout_all/', { method: 'POST', body: {}, locale });
}

export const exportMyData = (locale: string) => apiRequire<DataExport>('/api/users/me/export/', { locale });

export const sendAccountDeletionCode = (locale: string) =>
  apiRequire<AccountDeletionCodeSent>('/api/users/me/delete/send_code/', { method: 'POST', body: {}, locale });

/** `204` with the right code: the account is gone and its tokens with it. */
export async function deleteMyAccount(code: string, locale: string): Promise<void> {
  await apiRequest<void>('/api/users/me/', { method: 'DELETE', body: { code }, locale });
}
