/** The visitor's country: prices, cart and the free-shipping banner are for Egypt only. */
export const COUNTRY_COOKIE = 'country';
export const SELLING_COUNTRY = 'Egypt';
/** A day: long enough to skip the look-up on every visit, short enough to follow a traveller. */
export const COUNTRY_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24;

export function isSellingCountry(countryName: string | null | undefined): boolean {
  return countryName === SELLING_COUNTRY;
}

/** The visitor's own address: the first entry of `X-Forwarded-For`. */
export function forwardedClientAddress(forwardedFor: string | null): string | undefined {
  const first = forwardedFor?.split(',')[0]?.trim();
  return first ? first.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') : undefined;
}

export function countryCookie(countryName: string): string {
  return `${COUNTRY_COOKIE}=${encodeURIComponent(countryName)}; Path=/; Max-Age=${COUNTRY_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
