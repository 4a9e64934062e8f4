/**
 * Packing slips and invoices, in Arabic or English, for A4 or an 80 mm thermal printer, from the same order data:
 * a print stylesheet (each order on its own page) and the order number as a QR code. The packing slip shows no prices.
 */
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { StaffOrder } from '@attar/contract';
import { api } from '../api/client';
import { useSession } from '../api/queries';
import { QrCode } from '../components/qr-code';
import { Button, Ltr, Notice, Select } from '../components/ui';
import { formatDate } from '../lib/format';
import { FixedLocale, translator, useI18n } from '../lib/i18n';
import { printRoute } from '../router';
import { AddressLines, OrderLines } from './order-page';

export function PrintOrders() {
  const { locale: uiLocale, t: uiT } = useI18n();
  const search = printRoute.useSearch();
  const navigate = useNavigate({ from: '/print' });
  const session = useSession();
  const ids = search.orders
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, 100);
  const docLocale = search.lang ?? uiLocale;
  const t = translator(docLocale);
  const orders = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['print-order', docLocale, id],
      queryFn: () => api<StaffOrder>('GET', `/api/staff/orders/${id}/`),
    })),
  });
  const loaded = orders.map((q) => q.data).filter((order): order is StaffOrder => Boolean(order));
  const narrow = search.paper === '80mm';

  // The page size the printer gets: the sheet, or the receipt roll's width.
  useEffect(() => {
    const style = document.createElement('style');
    style.textContent = `@page { size: ${narrow ? '80mm auto' : 'A4'}; margin: ${narrow ? '3mm' : '14mm'}; }`;
    document.head.append(style);
    return () => style.remove();
  }, [narrow]);

  if (session.data === null) return <Notice tone="error">{uiT('sessionEnded')}</Notice>;
  const set = (patch: Partial<typeof search>) => void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  return (
    <div>
      <div className="no-print flex flex-wrap items-end gap-3 border-b border-line bg-night p-4">
        <h1 className="text-lg font-semibold text-gold">{uiT('printTitle')}</h1>
        <Select label={uiT('documentKind')} value={search.doc} onChange={(e) => set({ doc: e.target.value as 'slip' | 'invoice' })}>
          <option value="slip">{uiT('packingSlip')}</option>
          <option value="invoice">{uiT('invoice')}</option>
        </Select>
        <Select label={uiT('paper')} value={search.paper} onChange={(e) => set({ paper: e.target.value as 'a4' | '80mm' })}>
          <option value="a4">{uiT('paperA4')}</option>
          <option value="80mm">{uiT('paper80')}</option>
        </Select>
        <Select label={uiT('printLanguage')} value={docLocale} onChange={(e) => set({ lang: e.target.value as 'en' | 'ar' })}>
          <option value="en">English</option>
          <option value="ar">العربية</option>
        </Select>
        <Button variant="primary" onClick={() => window.print()} disabled={loaded.length < ids.length}>
          {uiT('print')}
        </Button>
      </div>
      <FixedLocale locale={docLocale}>
        <div lang={docLocale} dir={docLocale === 'ar' ? 'rtl' : 'ltr'} className="bg-white text-black">
          {loaded.map((order) => (
            <article
              key={order.id}
              className={`print-page mx-auto flex flex-col gap-3 p-4 text-black ${narrow ? 'max-w-[80mm] text-[11px]' : 'max-w-[210mm] text-sm'}`}
            >
              <header className="flex items-start justify-between gap-3 border-b border-black pb-2">
                <div>
                  <p className="text-base font-bold">{t('shopAddress')}</p>
                  <h2 className="font-semibold">
                    {t(search.doc === 'invoice' ? 'invoiceNumber' : 'slipNumber', { number: order.order_number })}
                  </h2>
                  <p>
                    {t('orderDate')}: {formatDate(docLocale, order.created_at)}
                  </p>
                </div>
                <div className="flex flex-col items-center">
                  <QrCode text={order.order_number} size={narrow ? 72 : 96} label={order.order_number} />
                  <Ltr>{order.order_number}</Ltr>
                </div>
              </header>
              <section>
                <h3 className="font-semibold">{t('deliverTo')}</h3>
                <AddressLines order={order} />
              </section>
              <section className="[&_*]:!text-black">
                <OrderLines order={order} prices={search.doc === 'invoice'} />
              </section>
              <footer className="flex flex-col gap-1 border-t border-black pt-2">
                <p>
                  {t('payment')}: {t(`payment_${order.payment_method}`)}
                </p>
                {search.doc === 'slip' && <p>{t('packedBy')}: ____________________</p>}
              </footer>
            </article>
          ))}
        </div>
      </FixedLocale>
    </div>
  );
}
