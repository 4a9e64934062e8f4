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

/**
 * A phone number as it is shown (always left to right, the `+` in front): an Egyptian mobile `+20 100 123 4567`, a
 * Cairo or Giza line `+20 2 2555 1234`, another Egyptian line `+20 XX XXX XXXX`; anything else as it is.
 */
export function displayPhone(e164: string | null): string {
  if (!e164) return '';
  const mobile = /^\+20(1\d)(\d)(\d{3})(\d{4})$/.exec(e164);
  if (mobile) return `+20 ${mobile[1]}${mobile[2]} ${mobile[3]} ${mobile[4]}`;
  const cairo = /^\+20(2)(\d{4})(\d{4})$/.exec(e164);
  if (cairo) return `+20 ${cairo[1]} ${cairo[2]} ${cairo[3]}`;
  const line = /^\+20(\d{2})(\d{3})(\d{3,4})$/.exec(e164);
  if (line) return `+20 ${line[1]} ${line[2]} ${line[3]}`;
  return e164;
}

/** An Egyptian mobile number as typed, in either digit script, as E.164; null when it is not one. */
export function readMobile(text: string): string | null {
  return egyptianMobileToE164(toAsciiDigits(text.trim()));
}
