'use client';
/**
 * The shopper's orders on /profile (`GET /api/orders/`, newest first): status filters as tabs, a page at a time with
 * "Load more" while the server names a next page, and each order as a card (order-card.tsx).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import type { Order, OrderStatus } from '@attar/contract';
import { getOrders, type OrderFilter } from '@/lib/api/orders';
import { useApp } from '../app/app-provider';
import { TabList, tabId, tabPanelId } from '../tabs';
import { useFormatNumber } from '../use-format-number';
import { OrderCard } from './order-card';
import { ProfileSection } from './profile-section';

const FINISHED: OrderStatus[] = ['delivered', 'cancelled', 'refunded'];

/** The tabs and the statuses each one asks the API for. */
const FILTERS = {
  all: {},
  inProgress: { status_not: FINISHED },
  delivered: { status: ['delivered'] },
  cancelled: { status: ['cancelled', 'refunded'] },
} satisfies Record<string, Omit<OrderFilter, 'page'>>;
type FilterName = keyof typeof FILTERS;
const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

/** Whether an order still belongs under a tab (after it was cancelled here, for one). */
function matches(filter: Omit<OrderFilter, 'page'>, status: OrderStatus): boolean {
  return (!filter.status || filter.status.includes(status)) && !filter.status_not?.includes(status);
}

/** The orders loaded so far for one tab. */
type Loaded = { filter: FilterName; orders: Order[]; count: number; page: number; hasNext: boolean };

export function OrderHistory() {
  const t = useTranslations('common.orders.history');
  const locale = useLocale();
  const formatNumber = useFormatNumber();
  const { handleError } = useApp();
  const id = useId();
  const [filter, setFilter] = useState<FilterName>('all');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let current = true;
    getOrders({ ...FILTERS[filter], page: 1 }, locale).then(
      (page) => {
        if (current) setLoaded({ filter, orders: page.results, count: page.count, page: 1, hasNext: page.next !== null });
      },
      (error: unknown) => current && handleError(error),
    );
    // A tab chosen before the previous one answered wins.
    return () => {
      current = false;
    };
  }, [filter, locale, handleError]);

  async function loadMore() {
    if (!loaded) return;
    setLoadingMore(true);
    try {
      const page = await getOrders({ ...FILTERS[loaded.filter], page: loaded.page + 1 }, locale);
      setLoaded((before) => {
        if (!before || before.filter !== loaded.filter) return before;
        // An order cancelled off this tab shifts the pages by one: skip what is already shown.
        const shown = new Set(before.orders.map((order) => order.id));
        const orders = [...before.orders, ...page.results.filter((order) => !shown.has(order.id))];
        return { ...before, orders, count: page.count, page: before.page + 1, hasNext: page.next !== null };
      });
    } catch (error) {
      handleError(error);
    } finally {
      setLoadingMore(false);
    }
  }

  /** A card's order changed (cancelled, or a return asked for): shown as it is now, or dropped from a tab it no longer belongs to. */
  function onOrderChanged(changed: Order) {
    setLoaded((before) => {
      if (!before) return before;
      if (matches(FILTERS[before.filter], changed.status)) {
        return { ...before, orders: before.orders.map((order) => (order.id === changed.id ? changed : order)) };
      }
      return { ...before, orders: before.orders.filter((order) => order.id !== changed.id), count: before.count - 1 };
    });
  }

  const current = loaded?.filter === filter ? loaded : null;
  return (
    <ProfileSection title={t('title')}>
      <TabList
        label={t('filters')}
        tabs={FILTER_NAMES}
        selected={filter}
        onSelect={setFilter}
        tabLabel={(name) => t(`filter.${name}`)}
        idPrefix={id}
        className="grid grid-cols-2 gap-1 rounded-2xl border border-line bg-ink p-1 sm:grid-cols-4 sm:rounded-full"
      />
      <div role="tabpanel" id={tabPanelId(id)} aria-labelledby={tabId(id, filter)} aria-busy={!current} className="flex flex-col gap-4">
        {!current ? (
          <p role="status" className="text-mist">
            {t('loading')}
          </p>
        ) : current.orders.length === 0 ? (
          <p className="text-mist">{t(`empty.${filter}`)}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-4">
              {current.orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} onChanged={onOrderChanged} />
                </li>
              ))}
            </ul>
            <p className="text-center text-sm text-mist">
              {t('shown', { shown: formatNumber(current.orders.length), count: formatNumber(current.count) })}
            </p>
            {current.hasNext && (
              <button
                type="button"
                onClick={loadMore}
                disabled={loadingMore}
                aria-busy={loadingMore || undefined}
                className="btn-outline self-center disabled:opacity-60"
              >
                {t('loadMore')}
              </button>
            )}
          </>
        )}
      </div>
    </ProfileSection>
  );
}
