'use client';
/**
 * What a list of product cards does in the browser, with one listener for the whole list instead of client components
 * in every card:
 * - analytics (spec §7): `view_item_list` once shown, `select_item` when a card's link is clicked;
 * - in-app navigation: a card's links are plain anchors (server-rendered, nothing to hydrate), opened through the
 *   router like a `Link` would, unless the shopper asked for a new tab or window.
 */
import { useRouter } from 'next/navigation';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { pushToDataLayer, type DataLayerEntry } from '@/lib/data-layer';

type CardListProps = {
  /** `view_item_list` for the cards shown; lists without analytics (favourites) leave it out. */
  view?: DataLayerEntry;
  /** `select_item` per card, keyed by item id. */
  select?: Record<number, DataLayerEntry>;
  children: ReactNode;
};

/** A plain click on a link to this shop, which the router can open without reloading the page. */
function inAppHref(event: MouseEvent, link: HTMLAnchorElement): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return null;
  return link.pathname + link.search + link.hash;
}

export function CardList({ view, select = {}, children }: CardListProps) {
  const router = useRouter();
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
    const href = inAppHref(event, link);
    if (!href) return;
    event.preventDefault();
    router.push(href);
  }

  return <div onClick={onClick}>{children}</div>;
}
