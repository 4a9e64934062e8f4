'use client';
import { useEffect } from 'react';
import { pushToDataLayer, type DataLayerEntry } from '@/lib/data-layer';

/** `view_item` for a detail page, once per item shown. */
export function ViewItemTracker({ event }: { event: DataLayerEntry }) {
  const itemId = event.ecommerce.items[0]?.item_id;
  useEffect(() => {
    pushToDataLayer(event);
  }, [itemId]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
