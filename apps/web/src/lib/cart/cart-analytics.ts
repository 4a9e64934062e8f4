/** Cart and wish-list events, pushed from the browser with the contract's `analyticsEvent` (EGP, exact value). */
import { analyticsEvent, type AnalyticsItem } from '@attar/contract/rules';
import { pushToDataLayer } from '@/lib/data-layer';

export type CartEventName = 'add_to_cart' | 'remove_from_cart' | 'view_cart' | 'add_to_wishlist';

export function pushCartEvent(event: CartEventName, items: AnalyticsItem[]): void {
  if (items.length > 0) pushToDataLayer(analyticsEvent(event, items));
}
