/** The confirmation page's read (server side): the order a signed confirmation link names, parsed with the contract. */
import { OrderConfirmation } from '@attar/contract';
import { apiRequire } from './client';

export async function getOrderConfirmation(token: string, locale: string): Promise<OrderConfirmation> {
  return OrderConfirmation.parse(await apiRequire('/api/order-confirmations/', { query: { token }, locale, anonymous: true }));
}
