'use client';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { pushToDataLayer, type DataLayerEntry } from '@/lib/data-layer';

type SelectItemTrackerProps = {
  /** `view_item_list` for the cards shown. */
  view: DataLayerEntry;
  /** `select_item` per card, keyed by item id. */
  select: Record<number, DataLayerEntry>;
  children: ReactNode;
};

/**
 * Analytics for a list of cards (spec §7): `view_item_list` once shown, `select_item` when a card's link is clicked.
 * One listener for the whole list instead of one client component per card.
 */
export function SelectItemTracker({ view, select, children }: SelectItemTrackerProps) {
  // Reported once per list shown (its ids), not again on re-renders with the same content.
  const shownIds = Object.keys(select).join(',');
  useEffect(() => {
    if (shownIds) pushToDataLayer(view);
  }, [shownIds]); // eslint-disable-line react-hooks/exhaustive-deps

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest<HTMLElement>('[data-select-item]');
    const entry = link ? select[Number(link.dataset.selectItem)] : undefined;
    if (entry) pushToDataLayer(entry);
  }

  return <div onClickCapture={onClick}>{children}</div>;
}
