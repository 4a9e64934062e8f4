/**
 * Which texts travel to the browser. Page metadata, and the texts only server components read (a list's texts, whose
 * filter form gets its own written by the server; the footer's links; breadcrumbs; the contact cards; the not-found
 * page), are rendered on the server only. The texts of areas a few pages use — the account, checkout and orders texts
 * (about 10 kB) of the shopper's own pages and the order-result view, a product page's reviews, the alerts list, the
 * home slider's controls, the newsletter's links — are left out of every other page's HTML: the pages or parts that
 * use them add them with `PageTexts`. Every page keeps the bell's texts, the footer newsletter form's and the back-in-stock
 * form's (a product or an offer shows it: adding them there would put a provider into those pages' JavaScript).
 */
import type { Messages } from 'next-intl';

type Common = Messages['common'];
/** The areas a page adds with `PageTexts` (each a top-level key of `common`). */
export type PageArea = keyof Pick<Common, 'account' | 'checkout' | 'orders' | 'reviews' | 'alerts' | 'home' | 'newsletter'>;

/** The texts the shopper's own pages (/login, /profile, /bag, /checkout) and the order-result view add. */
export const SHOPPER_AREAS = ['account', 'checkout', 'orders'] as const satisfies readonly PageArea[];

const pick = <T extends object, K extends keyof T>(texts: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, texts[key]])) as Pick<T, K>;

/** The texts every page's client components may use. */
export function storefrontClientMessages(messages: Messages) {
  const {
    meta: _meta,
    notFound: _notFound,
    contact: _contact,
    breadcrumbs: _breadcrumbs,
    account: _account,
    checkout: _checkout,
    orders: _orders,
    reviews: _reviews,
    home: _home,
    list: _list,
    newsletter: _newsletter,
    alerts,
    footer,
    ...common
  } = messages.common;
  return {
    common: {
      ...common,
      alerts: pick(alerts, [
        'bell',
        'bellShort',
        'notifyTitle',
        'notifyIntro',
        'notifySizeIntro',
        'notifyMe',
        'contactLabel',
        'contactHint',
        'contactInvalid',
        'notifyDone',
      ]),
      footer: pick(footer, ['emailLabel', 'emailPlaceholder', 'subscribe', 'subscribed', 'confirmationSent']),
    },
  };
}

/** The texts of the areas a page adds. */
export function pageTexts(messages: Messages, areas: readonly PageArea[]): Partial<Common> {
  return pick(messages.common, areas);
}
