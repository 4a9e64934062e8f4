'use client';
/**
 * The notifications, newest first, a page at a time, grouped per order (an order's events under its number, the
 * newest order first), each worded in the page's language from its kind and parameters — an order waiting for payment
 * in the words of its way of paying — with its date and time, and linking to what it is about (the order's page, or
 * the product). Those shown are marked read, and the bell's count follows; those still unread when the page opened
 * keep a "New" mark.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ShopperNotification } from '@attar/contract';
import { formatDateTime } from '@/i18n/formats';
import { Link } from '@/i18n/navigation';
import { getNotifications, markNotificationsRead } from '@/lib/api/alerts';
import { orderProgressKey } from '@/lib/notification-words';
import { useApp } from '../app/app-provider';
import { useFormatNumber } from '../use-format-number';

const latin = (chunks: ReactNode) => <bdi dir="ltr">{chunks}</bdi>;

type Group = { key: string; orderNumber: string | null; items: ShopperNotification[] };

/** An order's notifications together, in the order their newest came; anything else on its own. */
export function groupPerOrder(items: ShopperNotification[]): Group[] {
  const groups: Group[] = [];
  const byOrder = new Map<number, Group>();
  for (const item of items) {
    if (item.kind === 'back_in_stock') {
      groups.push({ key: `n${item.id}`, orderNumber: null, items: [item] });
      continue;
    }
    const known = byOrder.get(item.params.order_id);
    if (known) known.items.push(item);
    else {
      const group = { key: `o${item.params.order_id}`, orderNumber: item.params.order_number, items: [item] };
      byOrder.set(item.params.order_id, group);
      groups.push(group);
    }
  }
  return groups;
}

export function NotificationList({ loading }: { loading: ReactNode }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const formatNumber = useFormatNumber();
  const { handleError, setNotificationCount } = useApp();
  const [items, setItems] = useState<ShopperNotification[] | null>(null);
  const [nextPage, setNextPage] = useState<number | null>(null);

  const load = useCallback(
    async (page: number) => {
      try {
        const answer = await getNotifications(page, locale);
        setItems((shown) => [...(page === 1 ? [] : (shown ?? [])), ...answer.results]);
        setNextPage(answer.next ? page + 1 : null);
        setNotificationCount(answer.unread);
        const unread = answer.results.filter((each) => !each.read).map((each) => each.id);
        if (unread.length > 0) setNotificationCount(await markNotificationsRead(locale, unread));
      } catch (error) {
        handleError(error);
      }
    },
    [locale, handleError, setNotificationCount],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  if (items === null) return loading;
  if (items.length === 0)
    return <p className="rounded-2xl border border-line bg-night p-10 text-center text-mist">{t('alerts.listEmpty')}</p>;

  function describe(item: ShopperNotification): { text: ReactNode; href: string } {
    if (item.kind === 'back_in_stock') {
      const name = locale === 'ar' ? item.params.name_ar : item.params.name_en;
      const sized = item.params.ml ? `${name} ${t('product.sizeMl', { size: formatNumber(item.params.ml) })}` : name;
      return { text: t('alerts.kinds.back_in_stock', { name: sized }), href: `/fragrances/${item.params.slug}` };
    }
    const order = { number: item.params.order_number, ltr: latin };
    const text =
      item.kind === 'order_status'
        ? t.rich('alerts.kinds.order_status', { ...order, progress: t(`alerts.${orderProgressKey(item.params)}`) })
        : item.kind === 'order_shipped'
          ? t.rich('alerts.kinds.order_shipped', { ...order, courier: item.params.courier, tracking: item.params.tracking })
          : item.kind === 'return'
            ? t.rich('alerts.kinds.return', { ...order, event: t(`alerts.returnEvents.${item.params.event}`) })
            : t.rich('alerts.kinds.points_earned', { ...order, points: formatNumber(item.params.points) });
    return { text, href: `/?order_id=${encodeURIComponent(item.params.order_number)}` };
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-5" data-testid="notification-list">
        {groupPerOrder(items).map((group) => (
          <section key={group.key} data-testid="notification-group" className="flex flex-col gap-2">
            {group.orderNumber !== null && (
              <h2 className="text-sm font-semibold text-gold">{t.rich('alerts.orderGroup', { number: group.orderNumber, ltr: latin })}</h2>
            )}
            <ul className="flex flex-col gap-2">
              {group.items.map((item) => {
                const { text, href } = describe(item);
                return (
                  <li key={item.id} data-testid="notification">
                    <Link
                      href={href}
                      className="flex flex-col gap-1 rounded-2xl border border-line bg-night p-4 transition-colors hover:border-gold/60"
                    >
                      <span className="flex items-start justify-between gap-3">
                        <span className="text-cream">{text}</span>
                        {!item.read && (
                          <span
                            data-testid="notification-new"
                            className="shrink-0 rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-ink"
                          >
                            {t('alerts.unread')}
                          </span>
                        )}
                      </span>
                      <time dateTime={item.created_at} className="text-xs text-mist">
                        {formatDateTime(item.created_at, locale)}
                      </time>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      {nextPage !== null && (
        <button type="button" className="btn-outline self-center" onClick={() => void load(nextPage)}>
          {t('alerts.more')}
        </button>
      )}
    </div>
  );
}
