/**
 * Addresses in e-mails: pages of the storefront at the shop's public address (PUBLIC_URL in production; in demo mode the
 * storefront's, STOREFRONT_URL — decision 0016), English at /…, Arabic at /ar/….
 */
import type { Locale } from '@attar/contract';
import type { Config } from '../config';

export function storefrontLink(
  config: Pick<Config, 'storefrontUrl'>,
  locale: Locale,
  pathname: string,
  query: Record<string, string> = {},
) {
  const url = new URL(`${locale === 'ar' ? '/ar' : ''}${pathname}`, `${config.storefrontUrl}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
