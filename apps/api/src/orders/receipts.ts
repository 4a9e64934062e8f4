/**
 * In-store receipts: each carries a claim code, printed on it beside its number and stored only as a hash. The number
 * alone (sequential, guessable) finds nothing; number and code together find the receipt and claim its points once.
 * Codes are 10 characters from an alphabet without look-alikes (about 49 bits), and look-ups are rate-limited (in
 * the routes).
 */
import { createHash, randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { normaliseReceiptCode, RECEIPT_APPROVAL_ABOVE, type Locale, type OfflineOrder } from '@attar/contract';
import type { Database } from '../db/client';
import { rowsOf } from '../db/transaction';
import { ApiError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

/** What a shopper typed, as it was printed: upper case, without spaces or dashes. */
export const normaliseClaimCode = normaliseReceiptCode;

/**
 * The stored form. Keyed on the receipt's number (unique) and a fixed purpose rather than SECRET_KEY: receipts are
 * printed once and must stay claimable whatever the server's secret becomes.
 */
export const claimCodeHash = (orderNumber: string, code: string) =>
  createHash('sha256')
    .update(`attar-receipt-claim\n${orderNumber.toUpperCase()}\n${normaliseClaimCode(code)}`)
    .digest('hex');

/** A new code for a receipt, printed as XXXXX-XXXXX. */
export function newClaimCode(): string {
  const code = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** SQL: the receipt (alias `r`, or the table itself) is above RECEIPT_APPROVAL_ABOVE and not yet approved. */
export const awaitingApproval = (alias: SQL) =>
  sql`(${alias}.total_piastres > ${RECEIPT_APPROVAL_ABOVE * 100} AND ${alias}.approved_at IS NULL)`;

type ReceiptRequest = { number: string; claim_code: string };

/** The receipt behind a number and its claim code; a wrong code answers as an unknown number does. */
const receiptWhere = (input: ReceiptRequest) => {
  const number = input.number.toUpperCase();
  return sql`order_number = ${number} AND claim_code_hash = ${claimCodeHash(number, input.claim_code)}`;
};

/** `created_at` is the sale's date and time at the till. */
const receiptColumns = (userId: number) => sql`order_number, trim_scale(total_piastres::numeric / 100)::float8 AS total,
  points, claimed_by IS NOT NULL AS claimed, coalesce(claimed_by = ${userId}, false) AS claimed_by_you,
  to_json(purchased_at) #>> '{}' AS created_at`;

/**
 * SQL: the receipt was entered by the calling shopper themselves. Staff and shoppers are separate tables tied only by
 * an e-mail address (staff e-mails are stored lower-case; decision 0034).
 */
const enteredByCaller = (userId: number) => sql`EXISTS (SELECT 1 FROM staff_members sm JOIN users u ON u.id = ${userId}
  WHERE sm.id = offline_orders.staff_id AND u.email IS NOT NULL AND sm.email = lower(u.email))`;

const noSuchReceipt = (locale: Locale) => notFound(text(locale, 'receiptNotFound'));

/** GET /api/offline-order/order_number/: the receipt, and whether it was claimed and by the caller. */
export async function findReceipt(database: Database, locale: Locale, userId: number, input: ReceiptRequest) {
  const [row] = await database.rows<OfflineOrder>(sql`SELECT ${receiptColumns(userId)} FROM offline_orders WHERE ${receiptWhere(input)}`);
  if (!row) throw noSuchReceipt(locale);
  return row;
}

/**
 * POST /api/offline-order/claim/: credits the receipt's points to the caller once, by a conditional update in the
 * same transaction as the balance and its ledger row. A second claim says whether the caller or another account
 * claimed it first; a receipt the caller entered as staff is refused (403 `own_receipt`), and one above
 * RECEIPT_APPROVAL_ABOVE waits for its approval (409 `receipt_awaiting_approval`).
 */
export async function claimReceipt(database: Database, locale: Locale, userId: number, input: ReceiptRequest) {
  const claimed = await database.db.transaction(async (tx) => {
    const [row] = await rowsOf(tx)<OfflineOrder>(sql`
      UPDATE offline_orders SET claimed_by = ${userId}, claimed_at = now()
      WHERE ${receiptWhere(input)} AND claimed_by IS NULL AND NOT ${awaitingApproval(sql.raw('offline_orders'))}
        AND NOT ${enteredByCaller(userId)}
      RETURNING ${receiptColumns(userId)}`);
    if (!row) return null;
    await tx.execute(sql`UPDATE users SET points = points + ${row.points} WHERE id = ${userId}`);
    await tx.execute(sql`INSERT INTO points_ledger (user_id, change, reason, order_number)
      VALUES (${userId}, ${row.points}, 'in_store_order', ${row.order_number})`);
    return row;
  });
  if (claimed) return claimed;
  const receipt = await findReceipt(database, locale, userId, input);
  if (!receipt.claimed) {
    const [why] = await database.rows<{ own: boolean; waiting: boolean }>(sql`
      SELECT ${enteredByCaller(userId)} AS own, ${awaitingApproval(sql.raw('offline_orders'))} AS waiting
      FROM offline_orders WHERE ${receiptWhere(input)}`);
    if (why?.own) throw new ApiError(403, 'own_receipt', text(locale, 'receiptClaimOwn'));
    if (why?.waiting) throw new ApiError(409, 'receipt_awaiting_approval', text(locale, 'receiptAwaitingApproval'));
  }
  throw new ApiError(400, 'already_claimed', text(locale, receipt.claimed_by_you ? 'pointsClaimedByYou' : 'pointsClaimedByOther'));
}
