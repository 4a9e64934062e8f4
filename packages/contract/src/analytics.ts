/** Google Tag Manager dataLayer entries, shared so the storefront and its tests agree. */
export type AnalyticsItem = {
  item_id: number;
  item_name: string;
  item_category: string;
  price: number;
  quantity: number;
};
export const ANALYTICS_CURRENCY = 'EGP';

/** For 'purchase' the value sums price alone; for every other event, price times quantity. Piastres keep it exact. */
export function analyticsValue(event: string, items: AnalyticsItem[]): number {
  const piastres = items.reduce((sum, item) => sum + Math.round(item.price * 100) * (event === 'purchase' ? 1 : item.quantity), 0);
  return piastres / 100;
}

export function analyticsEvent(event: string, items: AnalyticsItem[], transactionId?: string) {
  return {
    event,
    ecommerce: {
      ...(transactionId ? { transaction_id: transactionId } : {}),
      currency: ANALYTICS_CURRENCY,
      value: analyticsValue(event, items),
      items,
    },
  };
}
