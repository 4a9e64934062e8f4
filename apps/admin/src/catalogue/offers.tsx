/**
 * The offers (decision 0017): bundles of product sizes at their own price, drafts too, newest change first, searched
 * by name or slug and paged by the API, the search kept in the address.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { OFFERS_PAGE_SIZE, useStaffOffers } from './api';
import { CatalogueGate, OtherName, PublicationChip } from './catalogue-parts';
import { nameIn } from '../components/form-parts';
import { buttonClass, ErrorNotice, ListTable, Loading, Money, Pager, QuerySearch } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';

const offersRoute = getRouteApi('/frame/catalogue/offers');

export const OffersPage = () => (
  <CatalogueGate>
    <OfferList />
  </CatalogueGate>
);

function OfferList() {
  const { t, rich, locale } = useI18n();
  const search = offersRoute.useSearch();
  const navigate = useNavigate({ from: '/catalogue/offers' });
  const offers = useStaffOffers(search);
  const pages = Math.max(1, Math.ceil((offers.data?.count ?? 0) / OFFERS_PAGE_SIZE));
  const labels = [
    t('columnPicture'),
    t('columnName'),
    t('columnParts'),
    t('columnPrice'),
    t('columnStock'),
    t('columnState'),
    t('columnChanged'),
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t('offersTitle')}</h1>
        {offers.data && <span className="text-mist">{t('offersCount', { count: offers.data.count })}</span>}
        <Link to="/catalogue/offers/new" className={`${buttonClass('primary')} ms-auto`}>
          {t('newOffer')}
        </Link>
      </div>
      <QuerySearch q={search.q} placeholder={t('offerSearchPlaceholder')} onSearch={(q) => void navigate({ search: q ? { q } : {} })} />
      <ErrorNotice error={offers.error} />
      <ListTable labels={labels}>
        {offers.data?.results.map((offer) => (
          <tr key={offer.id} className="border-t border-line align-top hover:bg-night/60" data-testid="offer-row">
            <td className="px-3 py-2">
              <img src={offer.image_mobile} alt="" width={48} height={48} loading="lazy" className="size-12 rounded object-cover" />
            </td>
            <td className="px-3 py-2">
              <Link
                to="/catalogue/offers/$id"
                params={{ id: offer.id }}
                className="font-medium text-gold underline-offset-2 hover:underline"
              >
                {nameIn(offer, locale)}
              </Link>
              <OtherName named={offer} />
            </td>
            <td className="px-3 py-2">
              <ul>
                {offer.items.map((item) => (
                  <li key={item.size}>
                    {t('productInSize', { name: nameIn(item, locale), size: t('sizeMl', { ml: formatNumber(locale, item.ml) }) })} ×{' '}
                    {formatNumber(locale, item.quantity)}
                  </li>
                ))}
              </ul>
            </td>
            <td className="px-3 py-2">
              <Money value={offer.price} />
              <span className="block text-xs text-mist">{rich('insteadOf', { price: <Money value={offer.original_price} /> })}</span>
            </td>
            <td className="px-3 py-2 tabular-nums">{formatNumber(locale, offer.stock)}</td>
            <td className="px-3 py-2">
              <PublicationChip state={offer.state} publishAt={null} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(locale, offer.updated_at)}</td>
          </tr>
        ))}
      </ListTable>
      {offers.data?.count === 0 && <p className="text-mist">{t('noOffers')}</p>}
      {offers.isPending && <Loading />}
      <Pager page={search.page ?? 1} pages={pages} onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })} />
    </div>
  );
}
