import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';

/** The storefront's texts plus the information pages' long content (written separately), all under `common`. */
async function loadMessages(locale: string) {
  const [storefront, pages] = await Promise.all([
    import(`../../messages/${locale}.json`).then((module) => module.default),
    import(`../../messages/pages/${locale}.json`).then((module) => module.default),
  ]);
  return { common: { ...storefront.common, ...pages } };
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await loadMessages(locale) };
});
