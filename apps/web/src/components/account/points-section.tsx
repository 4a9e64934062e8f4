'use client';
/** The loyalty balance and its history (`GET /api/users/points/`), newest first. */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import type { PointsResponse } from '@attar/contract';
import type accounts from '../../../messages/accounts/en.json';
import { formatDate } from '@/i18n/formats';
import { formatNumber, localeConfig } from '@/i18n/locales';
import { getPoints } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';
import { ProfileSection } from './profile-section';

type Reason = keyof (typeof accounts)['account']['profile']['reasons'];

/** `refreshKey`: a new value reads the balance again (after points were claimed elsewhere on the page). */
export function PointsSection({ refreshKey = 0 }: { refreshKey?: number }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { handleError } = useApp();
  const [points, setPoints] = useState<PointsResponse | null>(null);

  useEffect(() => {
    getPoints(locale).then(setPoints, handleError);
  }, [locale, handleError, refreshKey]);

  const changeFormat = useMemo(() => new Intl.NumberFormat(localeConfig(locale).numberLocale, { signDisplay: 'exceptZero' }), [locale]);
  // The server names reasons with codes; one the storefront does not know yet is shown as it came.
  const reasonText = (reason: string) =>
    t.has(`account.profile.reasons.${reason as Reason}`) ? t(`account.profile.reasons.${reason as Reason}`) : reason;

  return (
    <ProfileSection title={t('account.profile.points')}>
      {points === null ? (
        <p role="status" className="text-mist">
          {t('account.profile.loading')}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <p className="tabular text-3xl font-semibold text-gold">
              {t('account.profile.balance', { count: points.points, shown: formatNumber(points.points, locale) })}
            </p>
            <p className="text-sm text-mist">{t('account.profile.pointsNote')}</p>
          </div>
          <h3 className="text-base font-semibold text-cream">{t('account.profile.history')}</h3>
          {points.history.length === 0 ? (
            <p className="text-sm text-mist">{t('account.profile.noHistory')}</p>
          ) : (
            <div className="-mx-1 overflow-x-auto">
              <table className="w-full min-w-[28rem] border-collapse text-sm">
                <caption className="sr-only">{t('account.profile.history')}</caption>
                <thead>
                  <tr className="border-b border-line text-xs text-mist">
                    <th scope="col" className="px-1 py-2 text-start font-medium">
                      {t('account.profile.date')}
                    </th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">
                      {t('account.profile.change')}
                    </th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">
                      {t('account.profile.reason')}
                    </th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">
                      {t('account.profile.order')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {points.history.map((entry) => (
                    <tr key={entry.id} className="border-b border-line/50">
                      <td className="px-1 py-2 whitespace-nowrap text-mist">{formatDate(entry.created_at, locale)}</td>
                      <td className={`tabular px-1 py-2 font-semibold ${entry.change > 0 ? 'text-[#7fd6a2]' : 'text-danger'}`}>
                        {/* A signed number keeps its sign in front: left to right, without the Arabic letter mark Intl adds. */}
                        <bdi dir="ltr">{changeFormat.format(entry.change).replace('\u061c', '')}</bdi>
                      </td>
                      <td className="px-1 py-2 text-cream">{reasonText(entry.reason)}</td>
                      <td className="px-1 py-2 text-mist">
                        <span dir="ltr">{entry.order_number ?? '—'}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </ProfileSection>
  );
}
