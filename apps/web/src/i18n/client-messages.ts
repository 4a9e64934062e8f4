/**
 * Which texts travel to the browser. Page metadata is rendered on the server only. The
 * account, checkout and orders texts (about 10 kB) are used only by the shopper's own pages (/login, /profile, /bag,
 * /checkout) and the order-result view, so every other page leaves them out of its HTML; those pages and the view
 * add them with `ShopperMessages`. The reviews' texts travel only with a product page (components/reviews).
 */
import type { Messages } from 'next-intl';

export type ShopperTexts = Pick<Messages['common'], 'account' | 'checkout' | 'orders'>;

/** The texts every page's client components may use. */
export function storefrontClientMessages(messages: Messages) {
  const { meta: _meta, account: _account, checkout: _checkout, orders: _orders, reviews: _reviews, ...common } = messages.common;
  return { common };
}

/** The texts only the shopper's own pages add. */
export function shopperTexts(messages: Messages): ShopperTexts {
  const { account, checkout, orders } = messages.common;
  return { account, checkout, orders };
}
