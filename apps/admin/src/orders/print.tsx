/**
 * Packing slips and invoices, in Arabic or English, for A4 or an 80 mm receipt printer, from the same order data:
 * each order on its own page, the order number as a QR code, as a Code 128 barcode (what a courier's counter scanner
 * reads) and in text. The packing slip shows no prices (it goes in the box, a gift's too) and, for a gift, what the
 * packer must do: wrap it, and the card's message. Orders handed over through a courier's API also have the courier's
 * waybill to print (decision 0049).
 */
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { StaffOrder } from '@attar/contract';
import { useSession } from '../api/session';
import { usePrintOrders } from './api';
import { AddressLines, GiftInstructions, OrderLines } from './order-parts';
import { Barcode } from '../components/barcode';
import { QrCode } from '../components/qr-code';
import { waybillUrl } from './courier-api';
import { Button, buttonClass, ErrorNotice, Loading, Ltr, Notice, Select } from '../components/ui';
import { formatDate } from '../lib/format';
import { direction, FixedLocale, useI18n } from '../lib/i18n';
import { printOrderIds, type PrintSearch } from '../lib/search';

const printRoute = getRouteApi('/print');

export function PrintOrders() {
  const { locale: screenLocale, t } = useI18n();
  const search = printRoute.useSearch();
  const navigate = useNavigate({ from: '/print' });
  const session = useSession();
  const ids = printOrderIds(search.orders);
  const docLocale = search.lang ?? screenLocale;
  const orders = usePrintOrders(ids, docLocale);
  const loaded = orders.flatMap((query) => (query.data ? [query.data] : []));
  const failed = orders.find((query) => query.isError)?.error;
  // The courier's waybills of the orders handed over through its API, printed beside the packing slips.
  const waybills = loaded.filter((order) => order.courier_delivery?.tracking_number).map((order) => order.id);
  const choose = (patch: Partial<PrintSearch>) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });

  if (session.data === null) return <Navigate to="/sign-in" replace />;
  return (
    <div className="min-h-screen bg-smoke print:bg-white">
      <div className="no-print flex flex-wrap items-end gap-3 border-b border-line bg-night p-4">
        <h1 className="text-lg font-semibold text-gold">{t('printTitle')}</h1>
        <Select
          label={t('documentKind')}
          value={search.doc}
          onChange={(event) => choose({ doc: event.target.value as PrintSearch['doc'] })}
        >
          <option value="slip">{t('packingSlip')}</option>
          <option value="invoice">{t('invoice')}</option>
        </Select>
        <Select label={t('paper')} value={search.paper} onChange={(event) => choose({ paper: event.target.value as PrintSearch['paper'] })}>
          <option value="a4">{t('paperA4')}</option>
          <option value="80mm">{t('paper80')}</option>
        </Select>
        <Select
          label={t('printLanguage')}
          value={docLocale}
          onChange={(event) => choose({ lang: event.target.value as PrintSearch['lang'] })}
        >
          <option value="en" lang="en">
            English
          </option>
          <option value="ar" lang="ar">
            العربية
          </option>
        </Select>
        <Button variant="primary" onClick={() => window.print()} disabled={loaded.length < ids.length}>
          {t('print')}
        </Button>
        {waybills.length > 0 && (
          <a className={buttonClass()} href={waybillUrl(waybills)} target="_blank" rel="noreferrer">
            {t('couriersWaybill')}
          </a>
        )}
        {ids.length === 0 && <Notice tone="error">{t('printNothing')}</Notice>}
        {loaded.length < ids.length && !failed && <Loading />}
        <ErrorNotice error={failed} />
      </div>
      {/* A document in the other language waits for that language's texts, the page's own controls staying. */}
      <Suspense fallback={<Loading />}>
        <FixedLocale locale={docLocale}>
          <main lang={docLocale} dir={direction(docLocale)} className="flex flex-col items-center gap-6 py-6 print:block print:p-0">
            {search.paper === '80mm' && <ReceiptPageLengths slips={`${search.doc}:${loaded.map((order) => order.id).join(',')}`} />}
            {loaded.map((order) => (
              <OrderDocument key={order.id} order={order} doc={search.doc} receipt={search.paper === '80mm'} />
            ))}
          </main>
        </FixedLocale>
      </Suspense>
    </div>
  );
}

function OrderDocument({ order, doc, receipt }: { order: StaffOrder; doc: PrintSearch['doc']; receipt: boolean }) {
  const { t, rich, locale } = useI18n();
  const number = <Ltr>{order.order_number}</Ltr>;
  return (
    <article
      data-receipt-page={receipt ? `receipt-${order.id}` : undefined}
      style={receipt ? { page: `receipt-${order.id}` } : undefined}
      className={`print-page flex flex-col gap-3 bg-white text-black shadow-lg print:shadow-none ${
        receipt ? 'paper-receipt w-[74mm] p-2 text-[11px]' : 'w-full max-w-[210mm] p-8 text-sm print:p-0'
      }`}
    >
      <header
        className={`flex justify-between gap-3 border-b border-black pb-2 ${receipt ? 'flex-col items-center text-center' : 'items-start'}`}
      >
        <div className="flex flex-col gap-0.5">
          <p className="text-base font-bold">{t('shopName')}</p>
          <p>{t('shopAddress')}</p>
          <h2 className="mt-1 font-semibold">{rich(doc === 'invoice' ? 'invoiceNumber' : 'slipNumber', { number })}</h2>
          <p>
            {t('orderDate')}: {formatDate(locale, order.created_at)}
          </p>
        </div>
        <div className="flex flex-col items-center gap-1">
          <div className="flex items-center gap-2">
            <QrCode text={order.order_number} size={receipt ? 80 : 96} label={order.order_number} />
            <Barcode text={order.order_number} height={receipt ? 40 : 48} label={t('orderBarcode', { number: order.order_number })} />
          </div>
          <span className="font-mono font-semibold">{number}</span>
        </div>
      </header>
      <DocumentSection title={t('deliverTo')}>
        <AddressLines address={order.address} />
      </DocumentSection>
      <DocumentSection title={t('lines')}>
        <OrderLines order={order} prices={doc === 'invoice'} />
      </DocumentSection>
      {order.gift && (
        <DocumentSection title={t('gift')}>
          <div className="rounded border-2 border-black p-2">
            <GiftInstructions gift={order.gift} />
          </div>
        </DocumentSection>
      )}
      {order.notes && (
        <DocumentSection title={t('shopperNotes')}>
          <p className="whitespace-pre-wrap" dir="auto">
            {order.notes}
          </p>
        </DocumentSection>
      )}
      <footer className="flex flex-col gap-2 border-t border-black pt-2">
        <p>
          {t('payment')}: {t(`payment_${order.payment_method}`)}
          {order.payment && ` · ${t(`paymentStatus_${order.payment.status}`)}`}
        </p>
        {doc === 'slip' && <CourierArea order={order} />}
      </footer>
    </article>
  );
}

/** What the receipt roll keeps blank on each side of a slip, and the width it prints on. */
const ROLL = { width: 80, margin: 3 };
const MM_PER_PX = 25.4 / 96;

/**
 * Each slip on an 80 mm roll gets a page of its own length: CSS cannot make a page as long as its content, so each slip
 * (laid out at the width it prints at, the roll's less its margins) is measured and given a named page that long — no
 * blank paper after it, no slip cut over two pages. Measured again once the fonts are in, and just before printing.
 */
function ReceiptPageLengths({ slips }: { slips: string }) {
  const { locale } = useI18n();
  const sheet = useRef<HTMLStyleElement>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const pages = sheet.current?.parentElement?.querySelectorAll<HTMLElement>('[data-receipt-page]') ?? [];
      // A millimetre over what was measured: rounding must never push a slip's last line onto a page of its own.
      const length = (slip: HTMLElement) => Math.ceil(slip.getBoundingClientRect().height * MM_PER_PX) + 2 * ROLL.margin + 1;
      if (sheet.current)
        sheet.current.textContent = [...pages]
          .map((slip) => `@page ${slip.dataset.receiptPage} { size: ${ROLL.width}mm ${length(slip)}mm; margin: ${ROLL.margin}mm; }`)
          .join('\n');
    };
    measure();
    void document.fonts?.ready.then(measure);
    window.addEventListener('beforeprint', measure);
    return () => window.removeEventListener('beforeprint', measure);
  }, [slips, locale]);
  return <style ref={sheet} />;
}

function DocumentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid">
      <h3 className="mb-1 font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** Where the courier's company, tracking number and the packer's name go: printed when known, blank lines otherwise. */
function CourierArea({ order }: { order: StaffOrder }) {
  const { t } = useI18n();
  const blank = <span className="inline-block min-w-32 flex-1 border-b border-dotted border-black" />;
  const row = (label: string, value: ReactNode) => (
    <p className="flex items-end gap-2">
      <span className="shrink-0">{label}:</span>
      {value}
    </p>
  );
  return (
    <div className="flex flex-col gap-2 rounded border border-black p-2">
      {row(t('governorate'), <strong>{order.address.region.name}</strong>)}
      {row(t('courier'), order.courier ? <bdi>{order.courier.name}</bdi> : blank)}
      {row(t('trackingNumber'), order.courier ? <Ltr>{order.courier.tracking_number}</Ltr> : blank)}
      {row(t('packedBy'), blank)}
    </div>
  );
}
