/**
 * The dashboard (decisions 0023 and 0056), for owners and managers: over the Cairo days chosen (a preset or dates of
 * one's own, kept in the address), the sales beside the same number of days just before with how each figure moved,
 * charts of each day, orders by status, best sellers, promotion usage and online payments against their orders; the
 * points liability now. Every figure comes computed from the API; each report downloads as CSV over the same days.
 * Loaded on first visit, so the charting library stays out of the back office's first load.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type LegendPayload } from 'recharts';
import {
  CASH_CONFIRMATION_FIGURES,
  REPORT_PERIODS,
  ReportQuery,
  reportRange,
  staffMay,
  type BestSeller,
  type ReportCsvName,
  type ReportPeriod,
  type ReportsDashboard,
  type SalesDay,
  type SalesSummary,
} from '@attar/contract';
import { rangeDays, shopDay } from '@attar/contract/rules';
import { useSession } from '../api/session';
import { rangeQueryOf, reportCsvUrl, useReportsDashboard } from './api';
import { changeOf } from './change';
import { nameIn } from '../components/form-parts';
import { SizesMl } from '../catalogue/catalogue-parts';
import { RoleGate } from '../components/page-parts';
import { ReportPanel as SharedReportPanel } from './report-panel';
import { DayRangeForm } from '../components/day-range-form';
import { ListTable, Loaded, Ltr, Money, Notice, StatusChip } from '../components/ui';
import { formatDate, formatDay, formatMoney, formatNumber, formatPercent } from '../lib/format';
import { direction, useI18n } from '../lib/i18n';
import type { DashboardSearch } from '../lib/search';
import type { MessageKey } from '../messages/en';

const dashboardRoute = getRouteApi('/frame/dashboard');

export function DashboardPage() {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'readReports'))}>{role && <Dashboard />}</RoleGate>;
}

function Dashboard() {
  const { t } = useI18n();
  const search = dashboardRoute.useSearch();
  const query = ReportQuery.safeParse(search);
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('dashboardTitle')}</h1>
      <p className="text-sm text-mist">{t('salesDefinition')}</p>
      <RangePicker search={search} query={query.success ? query.data : null} />
      {query.success ? <Report query={query.data} /> : <Notice tone="error">{t('reportRangeInvalid')}</Notice>}
    </div>
  );
}

function Report({ query }: { query: ReportQuery }) {
  return <Loaded query={useReportsDashboard(query)}>{(report) => <Figures report={report} />}</Loaded>;
}

const PERIOD_LABELS: Record<ReportPeriod, MessageKey> = { today: 'reportPeriod_today', '7d': 'reportPeriod_7d', '30d': 'reportPeriod_30d' };

/**
 * The presets as links, and two Cairo days of one's own; a preset fills the days it covers. `query` is null when the
 * address asks for days no report can cover.
 */
function RangePicker({ search, query }: { search: DashboardSearch; query: ReportQuery | null }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/dashboard' });
  const range = query && reportRange(query);
  return (
    <div className="flex flex-col gap-3 border-b border-line pb-3">
      <nav aria-label={t('reportPresetsLabel')} className="flex flex-wrap items-center gap-1">
        {REPORT_PERIODS.map((period) => (
          <Link
            key={period}
            to="/dashboard"
            search={{ period }}
            aria-current={period === range?.period ? 'page' : undefined}
            className={`inline-flex min-h-10 items-center border-b-2 px-3 text-sm ${period === range?.period ? 'border-gold text-gold' : 'border-transparent text-mist hover:text-cream'}`}
          >
            {t(PERIOD_LABELS[period])}
          </Link>
        ))}
      </nav>
      <DayRangeForm
        label={t('reportPeriodLabel')}
        show={t('reportRangeShow')}
        from={range?.from ?? search.from ?? ''}
        to={range?.to ?? search.to ?? ''}
        latest={shopDay()}
        onChoose={(days) => void navigate({ search: days })}
      />
    </div>
  );
}

function Figures({ report }: { report: ReportsDashboard }) {
  const { t } = useI18n();
  return (
    <>
      <SalesComparison report={report} />
      <ReportPanel title={t('chartOrdersTitle')} csv="sales" report={report}>
        <DailyChart days={report.daily} previousDays={report.previous_daily} kind="orders" />
      </ReportPanel>
      <ReportPanel title={t('chartRevenueTitle')} csv="sales" report={report}>
        <DailyChart days={report.daily} previousDays={report.previous_daily} kind="revenue" />
      </ReportPanel>
      <div className="grid gap-4 xl:grid-cols-2">
        <ByStatus report={report} />
        <Promotions report={report} />
      </div>
      <BestSellers report={report} />
      <CashConfirmations report={report} />
      <div className="grid gap-4 xl:grid-cols-[1fr_2fr]">
        <Points report={report} />
        <Payments report={report} />
      </div>
    </>
  );
}

/** The headline figures: what each card shows, and whether a rise is good news (refunds: it is not). */
const HEADLINES: { label: MessageKey; figure: keyof Omit<SalesSummary, 'from' | 'to'>; money: boolean; riseIsGood: boolean }[] = [
  { label: 'salesOrders', figure: 'orders', money: false, riseIsGood: true },
  { label: 'salesRevenue', figure: 'revenue', money: true, riseIsGood: true },
  { label: 'salesRefunds', figure: 'refunds', money: true, riseIsGood: false },
  { label: 'salesNet', figure: 'net_revenue', money: true, riseIsGood: true },
  { label: 'salesAverage', figure: 'average_order_value', money: true, riseIsGood: true },
];

/** The range's sales, each figure beside the previous range's and how it moved. */
function SalesComparison({ report }: { report: ReportsDashboard }) {
  const { t, locale } = useI18n();
  const days = rangeDays(report);
  const headingId = useId();
  const { from, to } = report.sales;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="sales">
      <div>
        <h2 id={headingId} className="font-semibold text-gold">
          {from === to ? formatDay(locale, to) : t('salesRange', { from: formatDay(locale, from), to: formatDay(locale, to) })}
        </h2>
        <p className="text-xs text-mist" data-testid="sales-previous-range">
          {t('salesComparedWith', { from: formatDay(locale, report.previous.from), to: formatDay(locale, report.previous.to) })}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {HEADLINES.map(({ label, figure, money, riseIsGood }) => {
          const show = (value: number) => (money ? <Money value={value} /> : formatNumber(locale, value));
          return (
            <HeadlineCard
              key={label}
              label={label}
              current={show(report.sales[figure])}
              previous={show(report.previous[figure])}
              change={<ChangeText current={report.sales[figure]} previous={report.previous[figure]} days={days} riseIsGood={riseIsGood} />}
            />
          );
        })}
      </div>
    </section>
  );
}

function HeadlineCard({
  label,
  current,
  previous,
  change,
}: {
  label: MessageKey;
  current: ReactNode;
  previous: ReactNode;
  change: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={`figure-${label}`}
      className="flex flex-col gap-1 rounded-lg border border-line bg-night p-4"
    >
      <h3 id={id} className="text-sm text-mist">
        {t(label)}
      </h3>
      <p className="text-2xl font-semibold tabular-nums" data-testid="current">
        {current}
      </p>
      {change}
      <p className="text-xs text-mist" data-testid="previous">
        {t('salesPrevious')} <span className="tabular-nums">{previous}</span>
      </p>
    </section>
  );
}

/** An arrow and the change in per cent (read left to right in Arabic too), and the sentence a screen reader says. */
function ChangeText({ current, previous, days, riseIsGood }: { current: number; previous: number; days: number; riseIsGood: boolean }) {
  const { t, locale } = useI18n();
  const change = changeOf(current, previous);
  if (change.kind === 'new')
    return (
      <p className="text-sm text-gold" data-testid="change">
        <span aria-hidden="true">{t('changeNew')}</span>
        <span className="sr-only">{t('changeNewSpoken', { count: days })}</span>
      </p>
    );
  const percent = formatPercent(locale, change.share);
  const spoken = { up: 'changeUp', down: 'changeDown', same: 'changeSame' } as const;
  const good = change.kind === 'same' ? null : (change.kind === 'up') === riseIsGood;
  return (
    <p className={`text-sm ${good === null ? 'text-mist' : good ? 'text-emerald-300' : 'text-danger'}`} data-testid="change">
      <span aria-hidden="true">
        {{ up: '↑', down: '↓', same: '→' }[change.kind]} <Ltr>{percent}</Ltr>
      </span>
      <span className="sr-only">{t(spoken[change.kind], { count: days, percent })}</span>
    </p>
  );
}

/** A report's box, with the CSV of `csv` over the days `report` covers. */
function ReportPanel({
  title,
  csv,
  report,
  children,
}: {
  title: string;
  csv: ReportCsvName;
  report: ReportsDashboard;
  children: ReactNode;
}) {
  return (
    <SharedReportPanel title={title} csvHref={reportCsvUrl(csv, rangeQueryOf(report))}>
      {children}
    </SharedReportPanel>
  );
}

const CHART_COLOURS = { orders: 'var(--color-gold)', revenue: 'var(--color-gold)', refunds: 'var(--color-danger)' };

/** A day of the range with the same day of the previous range beside it (the first with the first, and so on). */
type ChartDay = SalesDay & { previous: SalesDay | undefined; previousFigure: number | undefined };

/**
 * Each day of the range as bars: orders, or revenue beside refunds; the previous range's orders or revenue as a line
 * over them, its first day over the range's first. In Arabic time runs from the right, the value axis on the right too;
 * figures and days are written as everywhere in the back office.
 */
function DailyChart({ days, previousDays, kind }: { days: SalesDay[]; previousDays: SalesDay[]; kind: 'orders' | 'revenue' }) {
  const { t, locale } = useI18n();
  const rtl = direction(locale) === 'rtl';
  const series: { key: keyof SalesDay; label: MessageKey }[] =
    kind === 'orders'
      ? [{ key: 'orders', label: 'salesOrders' }]
      : [
          { key: 'revenue', label: 'salesRevenue' },
          { key: 'refunds', label: 'salesRefunds' },
        ];
  const data: ChartDay[] = days.map((day, index) => {
    const previous = previousDays[index];
    return { ...day, previous, previousFigure: previous?.[kind] };
  });
  const previousName = t('chartPreviousRange');
  const value = (figure: number) => (kind === 'orders' ? formatNumber(locale, figure) : formatMoney(locale, figure));
  return (
    <div className="h-64 w-full" dir="ltr" data-testid={`chart-${kind}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--color-line)" vertical={false} />
          <XAxis
            dataKey="day"
            reversed={rtl}
            tickFormatter={(day: string) => formatDay(locale, day, 'short')}
            tick={{ fill: 'var(--color-mist)', fontSize: 11 }}
            minTickGap={16}
          />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            allowDecimals={kind !== 'orders'}
            tickFormatter={(figure: number) => formatNumber(locale, figure)}
            tick={{ fill: 'var(--color-mist)', fontSize: 11 }}
            width={64}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-smoke)' }}
            contentStyle={{ background: 'var(--color-night)', border: '1px solid var(--color-line)', direction: direction(locale) }}
            labelFormatter={(day) => formatDay(locale, String(day))}
            formatter={(figure, name, item) => {
              const previous = (item.payload as ChartDay).previous;
              // The previous range's figure says which day it was.
              return name === previousName && previous
                ? [`${value(Number(figure))} (${formatDay(locale, previous.day, 'short')})`, String(name)]
                : [value(Number(figure)), String(name)];
            }}
          />
          <Legend content={({ payload }) => <ChartLegend entries={payload ?? []} />} />
          {series.map((each) => (
            <Bar key={each.key} dataKey={each.key} name={t(each.label)} fill={CHART_COLOURS[each.key as keyof typeof CHART_COLOURS]} />
          ))}
          <Line
            dataKey="previousFigure"
            name={previousName}
            stroke="var(--color-mist)"
            strokeDasharray="4 3"
            dot={days.length === 1}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The chart's key in the screen's direction, each swatch a gap from its name on the side the name starts (recharts' own
 * key keeps its gap on the right, which in Arabic runs swatch and name together); the previous range's swatch dashed.
 */
function ChartLegend({ entries }: { entries: readonly LegendPayload[] }) {
  const { locale } = useI18n();
  return (
    <ul dir={direction(locale)} className="flex flex-wrap justify-center gap-x-5 gap-y-1 pt-2 text-xs text-mist">
      {entries.map((entry) => (
        <li key={entry.value} className="flex items-center gap-2" data-testid="chart-key">
          <span
            aria-hidden
            className={entry.type === 'line' ? 'w-4 border-t-2 border-dashed' : 'size-3 rounded-sm'}
            style={entry.type === 'line' ? { borderColor: entry.color } : { background: entry.color }}
          />
          <span>{entry.value}</span>
        </li>
      ))}
    </ul>
  );
}

const Count = ({ value }: { value: number }) => {
  const { locale } = useI18n();
  return <span className="tabular-nums">{formatNumber(locale, value)}</span>;
};
const cell = 'px-3 py-2';
const row = 'border-t border-line';

function ByStatus({ report }: { report: ReportsDashboard }) {
  const { t } = useI18n();
  return (
    <ReportPanel title={t('byStatusTitle')} csv="orders-by-status" report={report}>
      <ListTable labels={[t('reportColumnStatus'), t('reportColumnOrders'), t('reportColumnTotal')]}>
        {report.by_status.map((status) => (
          <tr key={status.status} className={row}>
            <td className={cell}>
              <StatusChip status={status.status} />
            </td>
            <td className={cell}>
              <Count value={status.orders} />
            </td>
            <td className={cell}>
              <Money value={status.total} />
            </td>
          </tr>
        ))}
      </ListTable>
    </ReportPanel>
  );
}

function SellerTable({ title, sellers }: { title: string; sellers: BestSeller[] }) {
  const { t, locale } = useI18n();
  const id = useId();
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {sellers.length ? (
        <ListTable
          labels={[t('reportColumnProduct'), t('reportColumnSize'), t('columnSku'), t('reportColumnUnits'), t('reportColumnRevenue')]}
        >
          {sellers.map((seller) => (
            <tr key={seller.size} className={row}>
              <td className={cell}>
                <Link to="/catalogue/products/$id" params={{ id: seller.product }} className="text-gold underline-offset-2 hover:underline">
                  {nameIn(seller, locale)}
                </Link>
              </td>
              <td className={cell}>
                <SizesMl ml={[seller.ml]} />
              </td>
              <td className={`${cell} text-mist`}>{seller.sku && <Ltr>{seller.sku}</Ltr>}</td>
              <td className={cell}>
                <Count value={seller.units} />
              </td>
              <td className={cell}>
                <Money value={seller.revenue} />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : (
        <p className="text-sm text-mist">{t('reportNothing')}</p>
      )}
    </section>
  );
}

function BestSellers({ report }: { report: ReportsDashboard }) {
  const { t } = useI18n();
  return (
    <ReportPanel title={t('bestSellersTitle')} csv="best-sellers" report={report}>
      <div className="grid gap-4 xl:grid-cols-2">
        <SellerTable title={t('bestByUnits')} sellers={report.best_sellers.by_units} />
        <SellerTable title={t('bestByRevenue')} sellers={report.best_sellers.by_revenue} />
      </div>
    </ReportPanel>
  );
}

/** Cash orders asked to be confirmed by their shopper, per governorate, and how each question ended (decision 0048). */
function CashConfirmations({ report }: { report: ReportsDashboard }) {
  const { t, locale } = useI18n();
  return (
    <ReportPanel title={t('cashConfirmationsTitle')} csv="cash-confirmations" report={report}>
      {report.cash_confirmations.length ? (
        <ListTable
          labels={[
            t('reportColumnRegion'),
            t('reportColumnAsked'),
            t('reportColumnConfirmedByShopper'),
            t('reportColumnCancelledByShopper'),
            t('reportColumnUnanswered'),
            t('reportColumnConfirmedByStaff'),
            t('reportColumnCancelledByStaff'),
          ]}
        >
          {report.cash_confirmations.map((region) => (
            <tr key={region.region.id} className={row}>
              <td className={cell}>{locale === 'ar' ? region.region.name_ar : region.region.name_en}</td>
              {CASH_CONFIRMATION_FIGURES.map((figure) => (
                <td key={figure} className={cell}>
                  <Count value={region[figure]} />
                </td>
              ))}
            </tr>
          ))}
        </ListTable>
      ) : (
        <p className="text-sm text-mist">{t('reportNothing')}</p>
      )}
    </ReportPanel>
  );
}

function Promotions({ report }: { report: ReportsDashboard }) {
  const { t } = useI18n();
  return (
    <ReportPanel title={t('promotionsReportTitle')} csv="promotions" report={report}>
      {report.promotions.length ? (
        <ListTable labels={[t('reportColumnCode'), t('reportColumnOrders'), t('reportColumnDiscount'), t('reportColumnRevenue')]}>
          {report.promotions.map((promotion) => (
            <tr key={promotion.promotion} className={row}>
              <td className={`${cell} font-mono`}>
                <Ltr>{promotion.code}</Ltr>
              </td>
              <td className={cell}>
                <Count value={promotion.orders} />
              </td>
              <td className={cell}>
                <Money value={promotion.discount_given} />
              </td>
              <td className={cell}>
                <Money value={promotion.revenue} />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : (
        <p className="text-sm text-mist">{t('reportNothing')}</p>
      )}
    </ReportPanel>
  );
}

/** Figures as a list of label and value pairs. */
function FigureList({ figures }: { figures: [MessageKey, ReactNode][] }) {
  const { t } = useI18n();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {figures.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-mist">{t(label)}</dt>
          <dd className="text-end tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Points({ report }: { report: ReportsDashboard }) {
  const { t } = useI18n();
  const { points } = report;
  return (
    <ReportPanel title={t('pointsTitle')} csv="points" report={report}>
      <FigureList
        figures={[
          ['pointsOutstanding', <Count value={points.points} />],
          ['pointsHolders', <Count value={points.holders} />],
          ['pointValueLabel', <Money value={points.point_value} />],
          ['pointsLiability', <Money value={points.liability} />],
        ]}
      />
      <p className="text-xs text-mist">{t('pointsNow')}</p>
    </ReportPanel>
  );
}

function Payments({ report }: { report: ReportsDashboard }) {
  const { t, locale } = useI18n();
  const { payments } = report;
  const optionalMoney = (value: number | null) => (value === null ? '—' : <Money value={value} />);
  return (
    <ReportPanel title={t('paymentsTitle')} csv="payments" report={report}>
      <FigureList
        figures={[
          ['paymentsOrders', <Count value={payments.orders} />],
          ['paymentsExpected', <Money value={payments.expected} />],
          ['paymentsReceived', <Money value={payments.received} />],
          ['paymentsRefunded', <Money value={payments.refunded} />],
          ['paymentsRefundsPending', <Money value={payments.refunds_pending} />],
          ['paymentsRefundsFailed', <Money value={payments.refunds_failed} />],
        ]}
      />
      {payments.exception_count ? (
        <>
          <Notice tone="error">{t('paymentsToCheck', { count: payments.exception_count })}</Notice>
          <ListTable
            labels={[
              t('reportColumnIssue'),
              t('columnOrder'),
              t('reportColumnStatus'),
              t('reportColumnPlaced'),
              t('reportColumnTotal'),
              t('reportColumnPaid'),
              t('reportColumnRefund'),
            ]}
          >
            {payments.exceptions.map((exception) => (
              <tr key={`${exception.kind}-${exception.order}`} className={row}>
                <td className={cell}>{t(`exception_${exception.kind}`)}</td>
                <td className={cell}>
                  <Link to="/orders/$id" params={{ id: exception.order }} className="text-gold underline-offset-2 hover:underline">
                    <Ltr>{exception.order_number}</Ltr>
                  </Link>
                </td>
                <td className={cell}>
                  <StatusChip status={exception.status} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDate(locale, exception.placed_at)}</td>
                <td className={cell}>
                  <Money value={exception.order_total} />
                </td>
                <td className={cell}>{optionalMoney(exception.paid)}</td>
                <td className={cell}>{optionalMoney(exception.refund)}</td>
              </tr>
            ))}
          </ListTable>
        </>
      ) : (
        <Notice tone="success">{t('paymentsAllClear')}</Notice>
      )}
    </ReportPanel>
  );
}
