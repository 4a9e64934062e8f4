/**
 * A phone order's payment link (decision 0060): signed under the order's scope with its own purpose, naming the order
 * by its number, without an expiry of its own. The link's row (`payment_links`) decides whether it still pays: the same
 * link works when sent again, and until the order is paid, cancelled or the row's time runs out. Nothing secret is
 * stored, and none of the order's other links opens it.
 */
import type { Locale } from '@attar/contract';
import type { Config } from '../config';
import { readToken, signToken } from '../http/signed-tokens';
import { storefrontLink } from '../messages/links';

const PAY_PURPOSE = 'pay';

export const paymentLinkToken = (secret: string, orderNumber: string) => signToken(secret, 'order', PAY_PURPOSE, orderNumber);

/** The order number a payment link's token names, or null when it is not one of the shop's. */
export function paymentLinkOrderNumber(secret: string, token: string): string | null {
  const check = readToken(secret, 'order', PAY_PURPOSE, token);
  return check.ok ? check.subject : null;
}

/** The storefront's page of one order's payment link, in `locale`. */
export const paymentLinkUrl = (config: Pick<Config, 'storefrontUrl' | 'secretKey'>, locale: Locale, orderNumber: string) =>
  storefrontLink(config, locale, '/pay-order', { token: paymentLinkToken(config.secretKey, orderNumber) });
