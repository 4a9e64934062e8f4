/**
 * The signed-in shopper's checkout extras (gift wrap, the gift card's message, the order notes), kept with the cart on
 * the server so every tab and device finds them, as it finds the applied promo code. One row per account, keyed by
 * the signed-in user; an order from the cart deletes it with the cart (orders/service.ts), and so does deleting the
 * account (decision 0042). Nothing kept reads as the empty extras.
 */
import { sql } from 'drizzle-orm';
import type { CartExtras } from '@attar/contract';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type { Rows } from '../db/transaction';

export const NO_EXTRAS: CartExtras = { gift_wrap: false, gift_message: '', notes: '' };

const isEmpty = (extras: CartExtras) => !extras.gift_wrap && extras.gift_message === '' && extras.notes === '';

export async function cartExtrasOf(database: Database, userId: number): Promise<CartExtras> {
  const [kept] = await database.rows<CartExtras>(sql`
    SELECT gift_wrap, gift_message, notes FROM cart_extras WHERE user_id = ${userId}`);
  return kept ?? NO_EXTRAS;
}

/** Replaces the shopper's extras; the empty extras leave no row, so a later guest's may be taken on sign-in. */
export async function saveCartExtras(database: Database, userId: number, extras: CartExtras): Promise<CartExtras> {
  if (isEmpty(extras)) {
    await database.rows(sql`DELETE FROM cart_extras WHERE user_id = ${userId}`);
    return NO_EXTRAS;
  }
  return oneRow(
    await database.rows<CartExtras>(sql`
    INSERT INTO cart_extras (user_id, gift_wrap, gift_message, notes)
    VALUES (${userId}, ${extras.gift_wrap}, ${extras.gift_message}, ${extras.notes})
    ON CONFLICT (user_id) DO UPDATE SET gift_wrap = excluded.gift_wrap, gift_message = excluded.gift_message,
      notes = excluded.notes, updated_at = now()
    RETURNING gift_wrap, gift_message, notes`),
  );
}

/** On sign-in, inside the cart merge's transaction: a guest's extras become the account's only if it has none. */
export async function adoptGuestExtras(rows: Rows, userId: number, extras: CartExtras): Promise<void> {
  if (isEmpty(extras)) return;
  await rows(sql`
    INSERT INTO cart_extras (user_id, gift_wrap, gift_message, notes)
    VALUES (${userId}, ${extras.gift_wrap}, ${extras.gift_message}, ${extras.notes})
    ON CONFLICT (user_id) DO NOTHING`);
}

/** The shopper's own copy for the data export; null when none are kept. */
export async function cartExtrasExport(database: Database, userId: number) {
  const [kept] = await database.rows<CartExtras & { updated_at: string }>(sql`
    SELECT gift_wrap, gift_message, notes, to_json(updated_at) #>> '{}' AS updated_at FROM cart_extras WHERE user_id = ${userId}`);
  return kept ?? null;
}
