/**
 * The order just placed, kept for this browser tab (session storage): the order-result page (`/?order_id=`) shows it
 * to a guest, who cannot look orders up, and pushes the `purchase` event once a card payment has come back paid.
 */
import type { Order } from '@attar/contract';
import { analyticsEvent, type AnalyticsItem } from '@attar/contract/rules';
import { pushToDataLayer } from '@/lib/data-layer';

const PLACED_ORDER_KEY = 'placedOrder';

export type PlacedOrder = {
  order: Order;
  /** The lines as analytics items, for `purchase`. */
  items: AnalyticsItem[];
  /** Whether `purchase` was pushed already (cash on delivery: at once; card: when the payment comes back paid). */
  purchaseReported: boolean;
};

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

export function rememberPlacedOrder(store: SessionStore, placed: PlacedOrder): void {
  try {
    store.setItem(PLACED_ORDER_KEY, JSON.stringify(placed));
  } catch {
    // Storage full or blocked: the result page then shows the number from the address alone.
  }
}

export function readPlacedOrder(store: SessionStore, orderNumber: string): PlacedOrder | null {
  try {
    const placed = JSON.parse(store.getItem(PLACED_ORDER_KEY) ?? 'null') as PlacedOrder | null;
    return placed?.order?.order_number === orderNumber ? placed : null;
  } catch {
    return null;
  }
}

/** `purchase` with the order number as transaction_id, at most once per order in this tab. */
export function reportPurchase(store: SessionStore, placed: PlacedOrder): void {
  if (placed.purchaseReported) return;
  pushToDataLayer(analyticsEvent('purchase', placed.items, placed.order.order_number));
  rememberPlacedOrder(store, { ...placed, purchaseReported: true });
}
