/**
 * Which words of the catalogue (`common.alerts`) tell an order's status in the bell: an order waiting for payment in
 * the words of its way of paying (a kiosk order waits for cash at a kiosk, never for a card), any other status as it is.
 * Notifications recorded before they carried the method read "is waiting for your payment".
 */
import type { OrderStatus, PaymentMethod } from '@attar/contract';

export type OrderProgressKey = `progress.${OrderStatus}` | `pendingBy.${Exclude<PaymentMethod, 'cod'>}`;

export function orderProgressKey(params: { status: OrderStatus; payment_method?: PaymentMethod | undefined }): OrderProgressKey {
  const method = params.payment_method;
  if (params.status === 'pending_payment' && method && method !== 'cod') return `pendingBy.${method}`;
  return `progress.${params.status}`;
}
