import type { MetadataRoute } from 'next';
import { DEFAULT_LOCALE, LOCALES, PAGE_SIZE_MAX, type Paginated } from '@attar/contract';
import { listCategories, listOffers, listProducts } from '@/lib/api/catalog';
import { INFO_PAGES } from '@/lib/info-pages';
import { absoluteUrl } from '@/lib/seo';
import { siteOrigin } from '@/lib/site-origin';

// Built on request from the catalogue's answers (reused for a second at most): a product published or renamed in the
// back office is in it at once.
export const dynamic = 'force-dynamic';

const STATIC_PATHS = ['/', '/fragrances', '/bullet', '/new', '/offers', ...INFO_PAGES.map((name) => `/${name}`)];

async function everyPage<T>(load: (page: number) => Promise<Paginated<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const { results, next } = await load(page);
    all.push(...results);
    if (!next || results.length === 0) return all;
  }
}

/** One entry per page and language, each listing its other-language twin (hreflang). */
function entries(origin: string, href: string, lastModified?: string): MetadataRoute.Sitemap {
  const languages = Object.fromEntries(LOCALES.map((locale) => [locale, absoluteUrl(origin, locale, href)]));
  return LOCALES.map((locale) => ({
    url: absoluteUrl(origin, locale, href),
    ...(lastModified ? { lastModified } : {}),
    alternates: { languages: { ...languages, 'x-default': absoluteUrl(origin, DEFAULT_LOCALE, href) } },
  }));
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [origin, categories, products, offers] = await Promise.all([
    siteOrigin(),
    listCategories(DEFAULT_LOCALE),
    everyPage((page) => listProducts({ page, page_size: PAGE_SIZE_MAX }, DEFAULT_LOCALE)),
    everyPage((page) => listOffers({ page, page_size: PAGE_SIZE_MAX }, DEFAULT_LOCALE)),
  ]);
  return [
    ...STATIC_PATHS.flatMap((path) => entries(origin, path)),
    ...categories.flatMap((category) => entries(origin, `/fragrances?category_slug=${category.slug}`)),
    ...products.flatMap((product) => entries(origin, `/fragrances/${product.slug}`, product.created_at)),
    ...offers.flatMap((offer) => entries(origin, `/offers/${offer.slug}`)),
  ];
}
