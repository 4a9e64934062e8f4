import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@attar/contract';
import { isolated } from '@attar/contract/rules';
import { listCategories, type ProductFilters } from '@/lib/api/catalog';
import { isFiltered, listHref, parseListQuery, type ListQuery, type RawSearchParams } from '@/lib/list-query';
import { pageMetadata } from '@/lib/seo';
import { asLocale } from '@/i18n/locales';
import { ProductListing } from './product-listing';

type ListingPageProps = { params: Promise<{ locale: string }>; searchParams: Promise<RawSearchParams> };

type ListingDefinition = {
  pathname: '/fragrances' | '/bullet' | '/new';
  titleKey: 'fragrancesTitle' | 'bulletTitle' | 'newTitle';
  descriptionKey: 'fragrancesDescription' | 'bulletDescription' | 'newDescription';
  fixed?: Pick<ProductFilters, 'type' | 'is_new'>;
};

/** The list's heading: the category's name, the search text, or the page's own title. */
async function listTitle(locale: Locale, definition: ListingDefinition, query: ListQuery): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'common' });
  if (query.category_slug) {
    const slug = query.category_slug.toLowerCase();
    const category = (await listCategories(locale).catch(() => [])).find((each) => each.slug === slug);
    if (category) return category.name;
  }
  // Isolated: a Latin search inside Arabic quotes would otherwise turn the closing mark round («yasmeen«).
  if (query.search) return t('list.searchResults', { search: isolated(query.search) });
  return t(`meta.${definition.titleKey}`);
}

/** /fragrances, /bullet and /new share everything but their fixed filters and texts. */
export function createListingPage(definition: ListingDefinition) {
  async function generateMetadata({ params, searchParams }: ListingPageProps): Promise<Metadata> {
    const locale = asLocale((await params).locale);
    const query = parseListQuery(await searchParams);
    const t = await getTranslations({ locale, namespace: 'common.meta' });
    // Category lists are pages of their own; search results and filtered views point at their unfiltered list.
    const canonicalQuery: ListQuery = { page: query.page, category_slug: query.category_slug };
    return {
      ...pageMetadata({
        locale,
        href: listHref(definition.pathname, canonicalQuery, {}),
        title: await listTitle(locale, definition, query),
        description: t(definition.descriptionKey),
        keywords: t('keywords'),
      }),
      ...(query.search || isFiltered(query) || query.ordering ? { robots: { index: false, follow: true } } : {}),
    };
  }

  async function ListingPage({ params, searchParams }: ListingPageProps) {
    const locale = asLocale((await params).locale);
    setRequestLocale(locale);
    const query = parseListQuery(await searchParams);
    return (
      <ProductListing
        pathname={definition.pathname}
        title={await listTitle(locale, definition, query)}
        query={query}
        fixed={definition.fixed}
      />
    );
  }

  return { generateMetadata, ListingPage };
}
