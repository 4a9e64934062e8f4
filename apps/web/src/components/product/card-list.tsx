'use client';
/**
 * Analytics of a list of product cards, with one listener for the whole list instead of client components
 * in every card: `view_item_list` once shown, `select_item` when a card's link is clicked. The card's links are plain
 * anchors, opened in-app by components/app/in-app-navigation.tsx.
 */
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { pushToDataLayer, type DataLayerEntry } from '@/lib/data-layer';

type CardListProps = {
  /** `view_item_list` for the cards shown; lists without analytics (favourites) leave it out. */
  view?: DataLayerEntry;
  /** `select_item` per card, keyed by item id. */
  select?: Record<number, DataLayerEntry>;
  children: ReactNode;
};

export function CardList({ view, select = {}, children }: CardListProps) {
  // Reported once per list shown (its ids), not again on re-renders with the same content.
  const shownIds = Object.keys(select).join(',');
  useEffect(() => {
    if (view && shownIds) pushToDataLayer(view);
  }, [shownIds]); // eslint-disable-line react-hooks/exhaustive-deps

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href]');
    if (!link || !event.currentTarget.contains(link)) return;
    const entry = link.dataset.selectItem ? select[Number(link.dataset.selectItem)] : undefined;
    if (entry) pushToDataLayer(entry);
  }

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- it only hears the clicks of the links inside (a keyboard's Enter on a link is a click too)
    <div onClick={onClick}>{children}</div>
  );
}
