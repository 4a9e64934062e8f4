'use client';
/**
 * The notifications, newest first, a page at a time, each worded in the page's language from its kind and parameters
 * and linking to what it is about (the order history on /profile, or the product). Those shown are marked read, and
 * the bell's count follows; those still unread when the page opened keep a "New" mark.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ShopperNotification } from '@attar/contract';
import { formatDate } from '@/i18n/formats';
import { Link } from '@/i18n/navigation';
import { getNotifications, markNotificationsRead } from '@/lib/api/alerts';
import { useApp } from '../app/app-provider';
import { useFormatNumber } from '../use-format-number';

const latin = (chunks: ReactNode) => <bdi dir="ltr">{chunks}</bdi>;

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
        ? t.rich('alerts.kinds.order_status', { ...order, progress: t(`alerts.progress.${item.params.status}`) })
        : item.kind === 'order_shipped'
          ? t.rich('alerts.kinds.order_shipped', { ...order, courier: item.params.courier, tracking: item.params.tracking })
          : item.kind === 'return'
            ? t.rich('alerts.kinds.return', { ...order, event: t(`alerts.returnEvents.${item.params.event}`) })
            : t.rich('alerts.kinds.points_earned', { ...order, points: formatNumber(item.params.points) });
    return { text, href: '/profile' };
  }

  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-3" data-testid="notification-list">
        {items.map((item) => {
          const { text, href } = describe(item);
          return (
            <li key={item.id}>
              <Link
                href={href}
                className="flex flex-col gap-1 rounded-2xl border border-line bg-night p-4 transition-colors hover:border-gold/60"
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="text-cream">{text}</span>
                  {!item.read && (
                    <span data-testid="notification-new" className="shrink-0 rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-ink">
                      {t('alerts.unread')}
                    </span>
                  )}
                </span>
                <span className="text-xs text-mist">{formatDate(item.created_at, locale)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {nextPage !== null && (
        <button type="button" className="btn-outline self-center" onClick={() => void load(nextPage)}>
          {t('alerts.more')}
        </button>
      )}
    </div>
  );
}
