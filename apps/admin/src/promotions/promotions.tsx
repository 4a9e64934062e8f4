/**
 * The promotion codes: searched by code and filtered by state (kept in the address), each with its discount, minimum,
 * what it applies to, its window on Cairo's clock and its usage; the one the storefront's popup shows is chosen here.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { PROMOTION_STATES, staffMay, type PromotionState, type StaffPromotion } from '@attar/contract';
import { useSession } from '../api/session';
import { PROMOTIONS_PAGE_SIZE, useChoosePopup, useStaffPromotions } from './api';
import { RoleGate } from '../components/page-parts';
import { useToast } from '../components/toasts';
import {
  Button,
  buttonClass,
  Chip,
  ChoiceSelect,
  ErrorNotice,
  FilterButtons,
  HeaderRow,
  Loading,
  Ltr,
  Money,
  Pager,
  SearchField,
} from '../components/ui';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { PromotionsSearch } from '../lib/search';

const promotionsRoute = getRouteApi('/frame/promotions');

/** The promotions' screens are for owners and managers (the API refuses the others with 403 anyway). */
export function PromotionsGate({ children }: { children: ReactNode }) {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'managePromotions'))}>{role && children}</RoleGate>;
}

export const PromotionsPage = () => (
  <PromotionsGate>
    <PromotionList />
  </PromotionsGate>
);

const STATE_COLOURS: Record<PromotionState, string> = {
  active: 'bg-success/25 text-emerald-300',
  scheduled: 'bg-sky-400/15 text-sky-300',
  expired: 'bg-mist/15 text-mist',
  inactive: 'bg-danger/15 text-danger',
};

export function PromotionStateChip({ state }: { state: PromotionState }) {
  const { t } = useI18n();
  return <Chip colours={STATE_COLOURS[state]}>{t(`promoState_${state}`)}</Chip>;
}

/** "15% off" or "100.00 LE off". */
export function DiscountText({ promotion }: { promotion: Pick<StaffPromotion, 'discount_kind' | 'percent_discount' | 'amount_off'> }) {
  const { t, locale } = useI18n();
  return (
    <span className="whitespace-nowrap">
      {promotion.discount_kind === 'amount'
        ? t('amountOff', { amount: formatMoney(locale, promotion.amount_off ?? 0) })
        : t('percentOff', { percent: formatNumber(locale, promotion.percent_discount ?? 0) })}
    </span>
  );
}

function PromotionList() {
  const { t } = useI18n();
  const search = promotionsRoute.useSearch();
  const navigate = useNavigate({ from: '/promotions' });
  const promotions = useStaffPromotions(search);
  const pages = Math.max(1, Math.ceil((promotions.data?.count ?? 0) / PROMOTIONS_PAGE_SIZE));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t('promotionsTitle')}</h1>
        {promotions.data && <span className="text-mist">{t('promotionsCount', { count: promotions.data.count })}</span>}
        <Link to="/promotions/new" className={`${buttonClass('primary')} ms-auto`}>
          {t('newPromotion')}
        </Link>
      </div>
      <Filters key={JSON.stringify(search)} search={search} onApply={(filters) => void navigate({ search: filters })} />
      <ErrorNotice error={promotions.error} />
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm">
          <thead className="bg-night text-mist">
            <HeaderRow
              labels={[
                t('columnCode'),
                t('columnDiscount'),
                t('columnMinOrder'),
                t('columnLimitedTo'),
                t('columnValidity'),
                t('columnState'),
                t('columnUsed'),
                t('columnDiscountGiven'),
                t('columnRevenue'),
                t('columnPopup'),
              ]}
            />
          </thead>
          <tbody>
            {promotions.data?.results.map((promotion) => (
              <PromotionRow key={promotion.id} promotion={promotion} />
            ))}
          </tbody>
        </table>
      </div>
      {promotions.data?.count === 0 && <p className="text-mist">{t('noPromotions')}</p>}
      {promotions.isPending && <Loading />}
      <Pager page={search.page ?? 1} pages={pages} onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })} />
    </div>
  );
}

function PromotionRow({ promotion }: { promotion: StaffPromotion }) {
  const { t, locale } = useI18n();
  const start = formatDate(locale, promotion.starts_at);
  return (
    <tr className="border-t border-line align-top" data-testid="promotion-row">
      <td className="px-3 py-2">
        <Link to="/promotions/$id" params={{ id: promotion.id }} className="font-medium text-gold underline-offset-2 hover:underline">
          <Ltr>{promotion.code}</Ltr>
        </Link>
      </td>
      <td className="px-3 py-2">
        <DiscountText promotion={promotion} />
      </td>
      <td className="px-3 py-2">{promotion.min_order > 0 ? <Money value={promotion.min_order} /> : t('noMinimum')}</td>
      <td className="px-3 py-2">
        <LimitedTo promotion={promotion} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {promotion.ends_at ? t('validFromTo', { start, end: formatDate(locale, promotion.ends_at) }) : t('validFrom', { start })}
      </td>
      <td className="px-3 py-2">
        <PromotionStateChip state={promotion.state} />
      </td>
      <td className="px-3 py-2 tabular-nums">{formatNumber(locale, promotion.usage.orders)}</td>
      <td className="px-3 py-2">
        <Money value={promotion.usage.discount_given} />
      </td>
      <td className="px-3 py-2">
        <Money value={promotion.usage.revenue} />
      </td>
      <td className="px-3 py-2">
        <PopupChoice promotion={promotion} />
      </td>
    </tr>
  );
}

/** "Every item", or the names chosen (a few), or how many. */
export function LimitedTo({ promotion }: { promotion: Pick<StaffPromotion, 'categories' | 'products'> }) {
  const { t, locale } = useI18n();
  const names = [...promotion.categories, ...promotion.products].map((named) => (locale === 'ar' ? named.name_ar : named.name_en));
  if (names.length === 0) return <>{t('everyItem')}</>;
  if (names.length <= 3) return <>{names.join(locale === 'ar' ? '، ' : ', ')}</>;
  return (
    <>
      {t('limitedCount', {
        categories: formatNumber(locale, promotion.categories.length),
        products: formatNumber(locale, promotion.products.length),
      })}
    </>
  );
}

/** The popup's mark: shown on the code it is on (with a way to take it off), offered on the other active codes. */
export function PopupChoice({ promotion }: { promotion: StaffPromotion }) {
  const { t } = useI18n();
  const toast = useToast();
  const choose = useChoosePopup();
  const send = (chosen: number | null) =>
    choose.mutate(
      { promotion: chosen },
      { onSuccess: () => toast(chosen === null ? t('popupCleared') : t('popupChosen', { code: promotion.code })) },
    );
  return (
    <div className="flex flex-col items-start gap-1">
      {promotion.is_popup && <Chip colours="bg-gold/20 text-gold-bright">{t('inPopup')}</Chip>}
      {promotion.is_popup ? (
        <Button disabled={choose.isPending} onClick={() => send(null)}>
          {t('takeOutOfPopup')}
        </Button>
      ) : (
        promotion.state !== 'expired' &&
        promotion.state !== 'inactive' && (
          <Button disabled={choose.isPending} onClick={() => send(promotion.id)}>
            {t('showInPopup')}
          </Button>
        )
      )}
      <ErrorNotice error={choose.error} />
    </div>
  );
}

function Filters({ search, onApply }: { search: PromotionsSearch; onApply(filters: PromotionsSearch): void }) {
  const { t } = useI18n();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    onApply({ q: text('q'), state: text('state') as PromotionsSearch['state'] });
  };
  return (
    <form onSubmit={apply} role="search" aria-label={t('filters')} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <SearchField placeholder={t('promotionSearchPlaceholder')} defaultValue={search.q} />
      <ChoiceSelect
        label={t('columnState')}
        name="state"
        defaultValue={search.state ?? ''}
        first={t('anyPromotionState')}
        choices={PROMOTION_STATES.map((state) => ({ value: state, label: t(`promoState_${state}`) }))}
      />
      <FilterButtons className="col-span-2 md:col-span-4" onClear={() => onApply({})} />
    </form>
  );
}
