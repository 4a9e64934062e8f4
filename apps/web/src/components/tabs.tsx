'use client';
/**
 * A row of tabs (WAI-ARIA tabs pattern): one tab in the Tab order, arrow keys move along the row in the reading
 * direction (wrapping round), Home and End jump to the ends. The caller renders the panel with `panelId` and
 * `tabId(selected)`.
 */
import { useLocale } from 'next-intl';
import type { KeyboardEvent } from 'react';
import { localeConfig } from '@/i18n/locales';

type TabListProps<Tab extends string> = {
  label: string;
  tabs: readonly Tab[];
  selected: Tab;
  onSelect: (tab: Tab) => void;
  /** A tab's visible name. */
  tabLabel: (tab: Tab) => string;
  /** Unique ids on the page: `${idPrefix}-${tab}` for each tab, `${idPrefix}-panel` for the panel. */
  idPrefix: string;
  className: string;
};

export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-${tab}`;
export const tabPanelId = (idPrefix: string) => `${idPrefix}-panel`;

export function TabList<Tab extends string>({ label, tabs, selected, onSelect, tabLabel, idPrefix, className }: TabListProps<Tab>) {
  const rtl = localeConfig(useLocale()).dir === 'rtl';

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.indexOf(selected);
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tabs.length - 1
          : step === undefined
            ? undefined
            : (index + step + tabs.length) % tabs.length;
    if (target === undefined) return;
    event.preventDefault();
    onSelect(tabs[target]!);
    document.getElementById(tabId(idPrefix, tabs[target]!))?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => (
        <button
          key={tab}
          id={tabId(idPrefix, tab)}
          type="button"
          role="tab"
          aria-selected={selected === tab}
          aria-controls={tabPanelId(idPrefix)}
          tabIndex={selected === tab ? 0 : -1}
          onClick={() => onSelect(tab)}
          onKeyDown={onKeyDown}
          className="rounded-full px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-mist transition-colors hover:text-cream aria-selected:bg-gold aria-selected:text-ink"
        >
          {tabLabel(tab)}
        </button>
      ))}
    </div>
  );
}
