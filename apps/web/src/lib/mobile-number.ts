/** Mobile numbers and digits as shoppers type them: in either digit script, the Egyptian way or as E.164. */
import { egyptianMobileToE164 } from '@attar/contract/rules';

/** Arabic-Indic and Persian digits (what an Arabic keyboard types) as ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** `+201001234567` → `01001234567`, the way Egyptians write their number; anything else unchanged. */
export function localMobile(e164: string | null): string {
  if (!e164) return '';
  return e164.startsWith('+20') ? `0${e164.slice(3)}` : e164;
}

/** A phone number as it is shown (one formatter with the address block: @attar/contract/rules). */
export { displayPhone } from '@attar/contract/rules';

/** An Egyptian mobile number as typed, in either digit script, as E.164; null when it is not one. */
export function readMobile(text: string): string | null {
  return egyptianMobileToE164(toAsciiDigits(text.trim()));
}
