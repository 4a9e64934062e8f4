import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Category, Offer, Paginated, Product, Slider } from '@attar/contract';
import { PageTexts } from '@/components/app/page-texts';
import { ShopperMessages } from '@/components/app/shopper-messages';
import { LazyOrderResult } from '@/components/checkout/lazy-order-result';
import { HeroSlider } from '@/components/home/hero-slider';
import { ProductRail } from '@/components/home/product-rail';
import { offerItem, productItem } from '@/components/product/catalogue-item';
import { asLocale, localeConfig } from '@/i18n/locales';
import { listCategories, listOffers, listProducts } from '@/lib/api/catalog';
import { listSliders } from '@/lib/api/content';
import { visitorInEgypt } from '@/lib/country.server';
import { pageMetadata } from '@/lib/seo';

/** Cards per home section. */
const SECTION_SIZE = 8;

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return pageMetadata({
    locale,
    href: '/',
    title: t('homeTitle'),
    description: t('homeDescription'),
    keywords: t('keywords'),
    absoluteTitle: true,
  });
}

/** A section whose data fails is omitted; the rest of the home page still renders. */
async function orEmpty<T>(load: Promise<T>, empty: T, what: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    console.error(`Home: ${what} unavailable`, error);
    return empty;
  }
}

const NO_PRODUCTS: Paginated<Product> = { count: 0, next: null, previous: null, results: [] };
const NO_OFFERS: Paginated<Offer> = { count: 0, next: null, previous: null, results: [] };

/** `?order_id=` makes home the order-result page: the result first, the shop below it. */
function orderResultOf(query: Record<string, string | string[] | undefined>) {
  const orderNumber = typeof query.order_id === 'string' ? query.order_id.trim() : '';
  if (!orderNumber) return null;
  const payment = query.payment === 'paid' || query.payment === 'declined' ? query.payment : null;
  return { orderNumber, payment } as const;
}

export default async function HomePage({ params, searchParams }: PageProps<'/[locale]'>) {
  const locale = asLocale((await params).locale);
  const orderResult = orderResultOf(await searchParams);
  setRequestLocale(locale);
  const t = await getTranslations('common');
  const section = { page: 1, page_size: SECTION_SIZE };

  const [slides, categories, newArrivals, pocketSize, offers, showPrice] = await Promise.all([
    orEmpty<Slider[]>(listSliders(locale), [], 'sliders'),
    orEmpty<Category[]>(listCategories(locale), [], 'categories'),
    orEmpty(listProducts({ ...section, is_new: true }, locale), NO_PRODUCTS, 'new arrivals'),
    orEmpty(listProducts({ ...section, type: 'bullet' }, locale), NO_PRODUCTS, 'pocket size'),
    orEmpty(listOffers(section, locale), NO_OFFERS, 'offers'),
    visitorInEgypt(),
  ]);
  const byCategory = await Promise.all(
    categories.map((category) => orEmpty(listProducts({ ...section, category_slug: category.slug }, locale), NO_PRODUCTS, category.slug)),
  );

  return (
    <>
      {orderResult ? (
        <ShopperMessages>
          <LazyOrderResult {...orderResult} />
        </ShopperMessages>
      ) : (
        <h1 className="sr-only">{t('meta.homeTitle')}</h1>
      )}
      {slides.length > 0 && (
        <PageTexts areas={['home']}>
          <HeroSlider slides={slides} dir={localeConfig(locale).dir} />
        </PageTexts>
      )}
      <ProductRail
        id="new-arrivals"
        title={t('home.newArrivals')}
        href="/new"
        items={newArrivals.results.map(productItem)}
        showPrice={showPrice}
      />
      {categories.map((category, index) => (
        <ProductRail
          key={category.id}
          id={`category-${category.slug}`}
          title={category.name}
          href={`/fragrances?category_slug=${category.slug}`}
          items={byCategory[index]!.results.map(productItem)}
          showPrice={showPrice}
        />
      ))}
      <ProductRail
        id="pocket-size"
        title={t('home.pocketSize')}
        href="/bullet"
        items={pocketSize.results.map(productItem)}
        showPrice={showPrice}
      />
      <ProductRail
        id="offers"
        title={t('home.offers')}
        href="/offers"
        items={offers.results.map(offerItem)}
        showPrice={showPrice}
        purchasable={false}
      />
    </>
  );
}
