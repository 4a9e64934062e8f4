/** Account rules (accounts.ts re-exports them). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII: an Arabic keyboard types them. */
export const asciiDigits = (input: string) =>
  input.replace(/[٠-٩۰-۹]/g, (d) => String((d.charCodeAt(0) - (d >= '۰' ? 0x06f0 : 0x0660)) % 10));

/**
 * Egyptian mobile numbers as people type them (01xxxxxxxxx, +201xxxxxxxxx, 00201xxxxxxxxx, with spaces or dashes, in
 * Latin or Arabic digits), read as E.164 (+201xxxxxxxxx). Mobile prefixes: 010, 011, 012, 015.
 */
export function egyptianMobileToE164(input: string): string | null {
  const digits = asciiDigits(input)
    .replace(/[\s\-().]/g, '')
    .replace(/^00/, '+');
  const match = /^(?:\+20|0)?(1[0125]\d{8})$/.exec(digits.startsWith('+20') ? digits : digits.replace(/^\+/, ''));
  return match ? `+20${match[1]}` : null;
}
