import 'server-only';
import { cookies } from 'next/headers';
import { COUNTRY_COOKIE, isSellingCountry } from './country';

/** The country the proxy stored for this visitor (null when the look-up failed: no prices, the safe side). */
export async function getCountryName(): Promise<string | null> {
  const value = (await cookies()).get(COUNTRY_COOKIE)?.value;
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Prices, stepper and add-to-cart are rendered only for visitors in Egypt. */
export async function visitorInEgypt(): Promise<boolean> {
  return isSellingCountry(await getCountryName());
}
