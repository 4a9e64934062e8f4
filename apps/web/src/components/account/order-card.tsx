'use client';
/**
 * One order of the history: number, date (Cairo), status, item count and total, and any balance it owes with the way
 * to pay it; its details open in place (its timeline, items, amounts, payment, address, returns and refunds). Reorder
 * puts its lines back in the cart and goes to /bag; an order not yet confirmed can be cancelled after a confirmation; a
 * delivered one can be returned within the returns window.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import type { Order } from '@attar/contract';
import { SHOPPER_CANCELLABLE_STATUSES } from '@attar/contract/rules';
import { formatDate } from '@/i18n/formats';
import { useRouter } from '@/i18n/navigation-hooks';
import { cancelOrder, reorder } from '@/lib/api/orders';
import { announceCartChanged } from '@/lib/cart/cart-signals';
import { useApp } from '../app/app-provider';
import { BalanceDue } from '../orders/balance-due';
import { OrderDelivery } from '../orders/order-delivery';
import { OrderStatusBadge } from '../orders/order-status';
import { OrderSummary } from '../orders/order-summary';
import { OrderTimeline } from '../orders/order-timeline';
import { mayAskForReturn } from '../orders/returns';
import { Price } from '../price';
import { useFormatNumber } from '../use-format-number';
import { ConfirmDialog } from './confirm-dialog';
import { OrderReturns, ReturnRequestDialog } from './order-returns';

const CANCELLABLE = new Set<Order['status']>(SHOPPER_CANCELLABLE_STATUSES);

export function OrderCard({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const t = useTranslations('common.orders.history');
  const locale = useLocale();
  const formatNumber = useFormatNumber();
  const router = useRouter();
  const { showToast, handleError } = useApp();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  const [reordering, setReordering] = useState(false);
  const itemCount = order.items.reduce((sum, line) => sum + line.quantity, 0);
  const latin = (chunks: ReactNode) => <span dir="ltr">{chunks}</span>;

  async function reorderNow() {
    setReordering(true);
    try {
      await reorder(order.id, locale);
      announceCartChanged();
      showToast('success', t('reordered', { number: order.order_number }));
      router.push('/bag');
    } catch (error) {
      handleError(error);
      setReordering(false);
    }
  }

  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border border-line/70 bg-ink/40 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={`${id}-title`} className="text-base font-semibold text-cream">
            {t.rich('order', { number: order.order_number, ltr: latin })}
          </h3>
          <p className="text-sm text-mist">{t('placedOn', { date: formatDate(order.created_at, locale) })}</p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm text-mist">
        <span>{t('itemCount', { count: itemCount, shown: formatNumber(itemCount) })}</span>
        <span>
          {t('total')} <Price amount={order.total} className="font-semibold text-gold" />
        </span>
      </p>
      <BalanceDue order={order} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-details`}
          onClick={() => setOpen((shown) => !shown)}
          className="btn-outline"
        >
          {t(open ? 'hideDetails' : 'showDetails')}
        </button>
        <button type="button" onClick={reorderNow} disabled={reordering} aria-busy={reordering || undefined} className="btn-gold">
          {t('reorder')}
        </button>
        {CANCELLABLE.has(order.status) && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="btn-outline border-danger/60 text-danger hover:border-danger hover:bg-danger/10"
          >
            {t('cancel')}
          </button>
        )}
        {mayAskForReturn(order) && (
          <button type="button" onClick={() => setReturning(true)} className="btn-outline">
            {t('returnItems')}
          </button>
        )}
      </div>
      {order.returnable_until && mayAskForReturn(order) && (
        <p className="text-sm text-mist">{t('returnableUntil', { date: formatDate(order.returnable_until, locale) })}</p>
      )}
      <div id={`${id}-details`} hidden={!open} className="flex flex-col gap-5 border-t border-line/60 pt-4">
        {open && (
          <>
            <OrderTimeline
              status={order.status}
              timeline={order.timeline ?? []}
              createdAt={order.created_at}
              courier={order.courier}
              level={4}
            />
            <OrderSummary order={order} />
            <OrderReturns order={order} />
            <OrderDelivery order={order} />
          </>
        )}
      </div>
      {confirming && <CancelOrderDialog order={order} onCancelled={onChanged} onClose={() => setConfirming(false)} />}
      {returning && <ReturnRequestDialog order={order} onRequested={onChanged} onClose={() => setReturning(false)} />}
    </article>
  );
}

type CancelOrderDialogProps = { order: Order; onCancelled: (order: Order) => void; onClose: () => void };

/** The confirmation step of a cancel, as a modal dialog (Escape or "Keep the order" closes it). */
function CancelOrderDialog({ order, onCancelled, onClose }: CancelOrderDialogProps) {
  const t = useTranslations('common.orders.history');
  const locale = useLocale();
  const { showToast } = useApp();

  return (
    <ConfirmDialog
      title={t.rich('cancelTitle', { number: order.order_number, ltr: (chunks) => <span dir="ltr">{chunks}</span> })}
      confirmLabel={t('confirmCancel')}
      cancelLabel={t('keepOrder')}
      onConfirm={async () => {
        const cancelled = await cancelOrder(order.id, locale);
        showToast('success', t('cancelled', { number: order.order_number }));
        onCancelled(cancelled);
      }}
      onClose={onClose}
    >
      {t('cancelText')}
    </ConfirmDialog>
  );
}
