/**
 * In-store receipts: each carries a claim code, printed on it beside its number and stored only as a hash. The number
 * alone (sequential, guessable) finds nothing; number and code together find the receipt and claim its points once.
 * Codes are 10 characters from an alphabet without look-alikes (about 49 bits), and look-ups are rate-limited.
 */
import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

/** What a shopper typed, as it was printed: upper case, without spaces or dashes. */
export const normaliseClaimCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

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
