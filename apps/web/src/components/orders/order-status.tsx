import { useTranslations } from 'next-intl';
import type { OrderStatus } from '@attar/contract';

/** Finished well, finished otherwise, or still on its way: the badge's colour. */
const TONE: Record<OrderStatus, string> = {
  pending_payment: 'bg-gold/15 text-gold',
  awaiting_shopper: 'bg-gold/15 text-gold',
  placed: 'bg-gold/15 text-gold',
  confirmed: 'bg-gold/15 text-gold',
  packed: 'bg-gold/15 text-gold',
  shipped: 'bg-gold/15 text-gold',
  delivered: 'bg-success/20 text-[#7fd6a2]',
  cancelled: 'bg-danger-deep/25 text-danger',
  refunded: 'bg-danger-deep/25 text-danger',
};

/** An order's status in words (`orders.status.<status>`), as a coloured badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useTranslations('common.orders.status');
  return <span className={`rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}>{t(status)}</span>;
}
