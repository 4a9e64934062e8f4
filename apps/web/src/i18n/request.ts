import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';

/**
 * The storefront's texts plus one file per area (accounts, alerts, cart, checkout, delivery, newsletter, orders,
 * reviews), all under `common`: each area file holds one top-level key (`account`, `alerts`, `cart`, `checkout`, …).
 * The information pages live in the API.
 */
const AREAS = ['accounts', 'alerts', 'cart', 'checkout', 'delivery', 'newsletter', 'orders', 'reviews'] as const;

async function loadMessages(locale: string) {
  const [storefront, ...areas] = await Promise.all([
    import(`../../messages/${locale}.json`).then((module) => module.default),
    ...AREAS.map((area) => import(`../../messages/${area}/${locale}.json`).then((module) => module.default)),
  ]);
  return { common: Object.assign({}, storefront.common, ...areas) };
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await loadMessages(locale) };
});
