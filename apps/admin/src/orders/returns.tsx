/** The returns queue: what shoppers asked to send back, oldest first, by status; each opens its order's page. */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { RETURN_STATUSES } from '@attar/contract';
import { RETURNS_PAGE_SIZE, useReturns } from './api';
import { ReturnChip } from './order-returns';
import { ErrorNotice, HeaderRow, Loading, Ltr, Pager } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';

const returnsRoute = getRouteApi('/frame/returns');

const TABS = [...RETURN_STATUSES, 'all'] as const;

export function ReturnsQueue() {
  const { t, locale } = useI18n();
  const search = returnsRoute.useSearch();
  const navigate = useNavigate({ from: '/returns' });
  const page = search.page ?? 1;
  const returns = useReturns({ status: search.status === 'all' ? undefined : search.status, page });
  const pages = Math.max(1, Math.ceil((returns.data?.count ?? 0) / RETURNS_PAGE_SIZE));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('returnsQueueTitle')}</h1>
      <nav aria-label={t('returnsFilter')} className="flex flex-wrap gap-2">
        {TABS.map((status) => (
          <Link
            key={status}
            to="/returns"
            search={{ status }}
            className="rounded-full border border-line px-3 py-1 text-sm hover:border-gold"
            activeOptions={{ includeSearch: true }}
            activeProps={{ className: 'border-gold text-gold', 'aria-current': 'page' }}
          >
            {t(status === 'all' ? 'status_all' : `returnStatus_${status}`)}
          </Link>
        ))}
      </nav>
      {returns.isPending ? (
        <Loading />
      ) : returns.isError ? (
        <ErrorNotice error={returns.error} />
      ) : returns.data.results.length === 0 ? (
        <p className="text-mist">{t('noReturns')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full text-sm">
            <thead className="bg-smoke text-mist">
              <HeaderRow labels={[t('returnOrder'), t('returnCustomer'), t('returnLines'), t('returnsFilter'), t('returnAsked')]} />
            </thead>
            <tbody>
              {returns.data.results.map((ret) => (
                <tr key={ret.id} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Link to="/orders/$id" params={{ id: ret.order.id }} className="text-gold underline">
                      <Ltr>{ret.order.order_number}</Ltr>
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <bdi>{ret.order.customer_name}</bdi> · <Ltr>{ret.order.customer_phone}</Ltr>
                  </td>
                  <td className="px-3 py-2 tabular-nums">
                    {formatNumber(
                      locale,
                      ret.lines.reduce((sum, line) => sum + line.quantity, 0),
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <ReturnChip status={ret.status} />
                  </td>
                  <td className="px-3 py-2 text-mist">{formatDate(locale, ret.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && <Pager page={page} pages={pages} onPage={(next) => void navigate({ search: { ...search, page: next } })} />}
    </div>
  );
}
