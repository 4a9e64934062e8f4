/**
 * The link that asks a shopper to confirm their cash order (decision 0048): signed under the order's scope with its
 * own purpose, naming the order by its number, expiring when the order would be cancelled unanswered. Nothing of it is
 * stored: it is single-use because the order leaves `awaiting_shopper` once answered, whoever answers.
 */
import type { Locale } from '@attar/contract';
import type { Config } from '../config';
import { signToken } from '../http/signed-tokens';
import { storefrontLink } from '../messages/links';

export const CONFIRM_PURPOSE = 'confirm';

export const confirmationToken = (secret: string, orderNumber: string, expiresAt: number) =>
  signToken(secret, 'order', CONFIRM_PURPOSE, orderNumber, expiresAt);

/** The storefront's confirmation page of one order, in `locale`. */
export const confirmationUrl = (
  config: Pick<Config, 'storefrontUrl' | 'secretKey'>,
  locale: Locale,
  orderNumber: string,
  expiresAt: number,
) => storefrontLink(config, locale, '/confirm-order', { token: confirmationToken(config.secretKey, orderNumber, expiresAt) });
