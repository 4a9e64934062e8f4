import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PAGE_SIZE_DEFAULT } from '@attar/contract';
import { ListHeading } from '@/components/listing/list-heading';
import { Pagination } from '@/components/listing/pagination';
import { offerItem } from '@/components/product/catalogue-item';
import { ProductGrid } from '@/components/product/product-grid';
import { asLocale, formatNumber } from '@/i18n/locales';
import { listOffers } from '@/lib/api/catalog';
import { visitorInEgypt } from '@/lib/country.server';
import { parseListQuery } from '@/lib/list-query';
import { pageMetadata } from '@/lib/seo';

type Props = PageProps<'/[locale]/offers'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return pageMetadata({ locale, href: '/offers', title: t('offersTitle'), description: t('offersDescription'), keywords: t('keywords') });
}

/** Sale and offers. Its nav link is disabled (decision 0040), but the page works; cards here add offers to the cart. */
export default async function OffersPage({ params, searchParams }: Props) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const { page } = parseListQuery(await searchParams);
  const [offers, showPrice, t] = await Promise.all([
    listOffers({ page, page_size: PAGE_SIZE_DEFAULT }, locale),
    visitorInEgypt(),
    getTranslations('common'),
  ]);
  const title = t('meta.offersTitle');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6">
      <ListHeading title={title} count={t('list.offerCount', { count: offers.count, shown: formatNumber(offers.count, locale) })} />
      {offers.results.length > 0 ? (
        <ProductGrid items={offers.results.map(offerItem)} showPrice={showPrice} />
      ) : (
        <p className="rounded-2xl border border-line bg-night p-10 text-center text-mist">{t('list.empty')}</p>
      )}
      <Pagination pathname="/offers" query={{ page }} pages={Math.max(1, Math.ceil(offers.count / PAGE_SIZE_DEFAULT))} />
    </div>
  );
}
