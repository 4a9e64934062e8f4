/** The public tracking page's one call (server side): the order of a signed tracking link, parsed with the contract. */
import { OrderTracking } from '@attar/contract';
import { apiRequire } from './client';

export async function getOrderTracking(token: string, locale: string): Promise<OrderTracking> {
  return OrderTracking.parse(await apiRequire('/api/orders/tracking/', { query: { token }, locale, anonymous: true }));
}
