import type { analyticsEvent } from '@attar/contract';

export type DataLayerEntry = ReturnType<typeof analyticsEvent>;

/** Always pushed to `window.dataLayer` (created when missing), with or without Tag Manager loaded. */
export function pushToDataLayer(entry: DataLayerEntry): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}
