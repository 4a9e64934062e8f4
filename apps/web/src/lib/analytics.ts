/**
 * dataLayer entries, built on the server with the contract's `analyticsEvent` (currency EGP, exact value)
 * and handed to small client components that push them (see data-layer.ts).
 */
import { analyticsEvent, type AnalyticsItem } from '@attar/contract/rules';
import type { DataLayerEntry } from './data-layer';

type Catalogued = { id: number; name: string; name_en: string; price: number; category?: { name: string } };

/** Offers have no category; they are reported under this one. */
export const OFFER_ANALYTICS_CATEGORY = 'Offers';

export function analyticsItem(item: Catalogued, quantity = 1): AnalyticsItem {
  return {
    item_id: item.id,
    item_name: item.name_en || item.name,
    item_category: item.category?.name ?? OFFER_ANALYTICS_CATEGORY,
    price: item.price,
    quantity,
  };
}

/** For a list of cards: `view_item_list` for the list and a `select_item` per card, keyed by item id. */
export function listAnalytics(items: AnalyticsItem[]): { view: DataLayerEntry; select: Record<number, DataLayerEntry> } {
  return {
    view: analyticsEvent('view_item_list', items),
    select: Object.fromEntries(items.map((item) => [item.item_id, analyticsEvent('select_item', [item])])),
  };
}

export function viewItemEvent(item: AnalyticsItem): DataLayerEntry {
  return analyticsEvent('view_item', [item]);
}
