/**
 * The promotion codes on the one data table: searched by code and filtered by state (applied as chosen, kept in the
 * address), each with its discount, minimum, what it applies to, its window on Cairo's clock and its usage; the one
 * the storefront's popup shows is chosen here.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { PROMOTION_STATES, staffMay, type PromotionState, type StaffPromotion } from '@attar/contract';
import { useSession } from '../api/session';
import { PROMOTIONS_PAGE_SIZE, useChoosePopup, useStaffPromotions } from './api';
import { DataTable } from '../components/data-table';
import { ClearFilters, LiveFilterForm, LiveSearch } from '../components/live-filters';
import { RoleGate } from '../components/page-parts';
import { useToast } from '../components/toasts';
import { Button, buttonClass, Chip, ChoiceSelect, ErrorNotice, Ltr, Money } from '../components/ui';
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

const column = createColumnHelper<StaffPromotion>();

function PromotionList() {
  const { t } = useI18n();
  const search = promotionsRoute.useSearch();
  const navigate = useNavigate({ from: '/promotions' });
  const promotions = useStaffPromotions(search);
  const columns = usePromotionColumns();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t('promotionsTitle')}</h1>
        {promotions.data && <span className="text-mist">{t('promotionsCount', { count: promotions.data.count })}</span>}
        <Link to="/promotions/new" className={`${buttonClass('primary')} ms-auto`}>
          {t('newPromotion')}
        </Link>
      </div>
      <Filters
        search={search}
        // A new filter starts again from the first page.
        onApply={(patch) => void navigate({ search: (previous) => ({ ...previous, page: undefined, ...patch }) })}
        onClear={() => void navigate({ search: {} })}
      />
      <DataTable
        label={t('promotionsTitle')}
        tableId="promotions"
        columns={columns}
        rows={promotions.data?.results}
        empty={t('noPromotions')}
        error={promotions.error}
        onRetry={() => void promotions.refetch()}
        retrying={promotions.isFetching}
        paging={{
          page: search.page ?? 1,
          pageSize: PROMOTIONS_PAGE_SIZE,
          count: promotions.data?.count,
          onPage: (page) => void navigate({ search: (previous) => ({ ...previous, page }) }),
        }}
        rowTestId="promotion-row"
      />
    </div>
  );
}

/**
 * A code's columns: the code (to its editor), discount, minimum, what it is limited to, its window, state, usage and
 * the popup's mark. The minimum, the limits and the money figures may be hidden.
 */
function usePromotionColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor('code', {
        header: t('columnCode'),
        cell: (info) => (
          <Link
            to="/promotions/$id"
            params={{ id: info.row.original.id }}
            className="font-medium text-gold underline-offset-2 hover:underline"
          >
            <Ltr>{info.getValue()}</Ltr>
          </Link>
        ),
      }),
      column.display({ id: 'discount', header: t('columnDiscount'), cell: (info) => <DiscountText promotion={info.row.original} /> }),
      column.accessor('min_order', {
        header: t('columnMinOrder'),
        cell: (info) => (info.getValue() > 0 ? <Money value={info.getValue()} /> : t('noMinimum')),
        meta: { optional: true },
      }),
      column.display({
        id: 'limited_to',
        header: t('columnLimitedTo'),
        cell: (info) => <LimitedTo promotion={info.row.original} />,
        meta: { optional: true },
      }),
      column.accessor('starts_at', {
        header: t('columnValidity'),
        cell: (info) => {
          const start = formatDate(locale, info.getValue());
          const end = info.row.original.ends_at;
          return end ? t('validFromTo', { start, end: formatDate(locale, end) }) : t('validFrom', { start });
        },
        meta: { cellClassName: 'whitespace-nowrap' },
      }),
      column.accessor('state', { header: t('columnState'), cell: (info) => <PromotionStateChip state={info.getValue()} /> }),
      column.accessor((promotion) => promotion.usage.orders, {
        id: 'used',
        header: t('columnUsed'),
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { cellClassName: 'tabular-nums' },
      }),
      column.accessor((promotion) => promotion.usage.discount_given, {
        id: 'discount_given',
        header: t('columnDiscountGiven'),
        cell: (info) => <Money value={info.getValue()} />,
        meta: { optional: true },
      }),
      column.accessor((promotion) => promotion.usage.revenue, {
        id: 'revenue',
        header: t('columnRevenue'),
        cell: (info) => <Money value={info.getValue()} />,
        meta: { optional: true },
      }),
      column.display({ id: 'popup', header: t('columnPopup'), cell: (info) => <PopupChoice promotion={info.row.original} /> }),
    ],
    [t, locale],
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

/** The list's filters, each applied as it is chosen (the search once typing pauses). */
function Filters({ search, onApply, onClear }: { search: PromotionsSearch; onApply(patch: PromotionsSearch): void; onClear(): void }) {
  const { t } = useI18n();
  return (
    <LiveFilterForm className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <LiveSearch q={search.q} placeholder={t('promotionSearchPlaceholder')} onSearch={(q) => onApply({ q })} />
      <ChoiceSelect
        label={t('columnState')}
        name="state"
        value={search.state ?? ''}
        onChange={(event) => onApply({ state: (event.target.value || undefined) as PromotionsSearch['state'] })}
        first={t('anyPromotionState')}
        choices={PROMOTION_STATES.map((state) => ({ value: state, label: t(`promoState_${state}`) }))}
      />
      <ClearFilters className="col-span-2 md:col-span-4" onClear={onClear} />
    </LiveFilterForm>
  );
}
