/**
 * Gift wrap, the gift card's message and the order notes, kept with the cart (decision 0042): a signed-in shopper's on
 * the server (`/api/carts/me/extras/`), a guest's here, in local storage beside the guest cart, so every tab of the
 * browser sees them. Kept as typed; whatever cannot be read is ignored, field by field.
 */
import type { CartExtras } from '@attar/contract';
import { GIFT_MESSAGE_MAX, ORDER_NOTES_MAX } from '@attar/contract/rules';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const GUEST_EXTRAS_KEY = 'attar.checkout-extras';

export const NO_EXTRAS: CartExtras = { gift_wrap: false, gift_message: '', notes: '' };

export const sameExtras = (a: CartExtras, b: CartExtras) =>
  a.gift_wrap === b.gift_wrap && a.gift_message === b.gift_message && a.notes === b.notes;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The extras as stored under `GUEST_EXTRAS_KEY` (a `storage` event's new value too). */
export function parseGuestExtras(raw: string | null): CartExtras {
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    return NO_EXTRAS;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return NO_EXTRAS;
  const { gift_wrap, gift_message, notes } = stored as Record<string, unknown>;
  return { gift_wrap: gift_wrap === true, gift_message: text(gift_message, GIFT_MESSAGE_MAX), notes: text(notes, ORDER_NOTES_MAX) };
}

export const readGuestExtras = (storage: KeyValueStore): CartExtras => parseGuestExtras(storage.getItem(GUEST_EXTRAS_KEY));

export function saveGuestExtras(storage: KeyValueStore, extras: CartExtras): void {
  try {
    if (sameExtras(extras, NO_EXTRAS)) storage.removeItem(GUEST_EXTRAS_KEY);
    else storage.setItem(GUEST_EXTRAS_KEY, JSON.stringify(extras));
  } catch {
    // A full or blocked storage only costs the extras.
  }
}

/** Once the order has taken them, or the account has (sign-in). */
export function clearGuestExtras(storage: KeyValueStore): void {
  storage.removeItem(GUEST_EXTRAS_KEY);
}
