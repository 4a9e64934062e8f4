/**
 * The checkout form as the shopper left it, kept in this tab's session storage so a reload (or a detour to log in)
 * finds it filled. Gift wrap, gift message and notes are kept with the cart instead (checkout-extras.ts). The guest's SMS code is never kept (it proves the phone for one visit), nor the promotion it
 * unlocked; everything is dropped once the order is placed. Whatever cannot be read is ignored, field by field.
 */
import type { PaymentMethod } from '@attar/contract';
import { PAYMENT_METHODS } from '@attar/contract/rules';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type CheckoutDraft = {
  /** The guest's typed fields (name, phone, address, e-mail), as typed. */
  guest: Record<string, string>;
  /** The signed-in shopper's chosen saved address. */
  addressId: number | null;
  paymentMethod: PaymentMethod;
  /** The wallet's number, as typed. */
  walletPhone: string;
  usePoints: boolean;
};

const KEY = 'attar.checkout-draft';

export const EMPTY_DRAFT: CheckoutDraft = {
  guest: {},
  addressId: null,
  paymentMethod: 'cod',
  walletPhone: '',
  usePoints: false,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readCheckoutDraft(storage: KeyValueStore): CheckoutDraft {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(KEY) ?? 'null');
  } catch {
    return EMPTY_DRAFT;
  }
  if (!isRecord(stored)) return EMPTY_DRAFT;
  const guest = isRecord(stored.guest)
    ? Object.fromEntries(Object.entries(stored.guest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  return {
    guest,
    addressId: Number.isSafeInteger(stored.addressId) ? (stored.addressId as number) : null,
    paymentMethod: PAYMENT_METHODS.find((method) => method === stored.paymentMethod) ?? 'cod',
    walletPhone: typeof stored.walletPhone === 'string' ? stored.walletPhone : '',
    usePoints: stored.usePoints === true,
  };
}

export function saveCheckoutDraft(storage: KeyValueStore, draft: CheckoutDraft): void {
  try {
    storage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only costs the draft.
  }
}

export function clearCheckoutDraft(storage: KeyValueStore): void {
  storage.removeItem(KEY);
}
