'use client';
/**
 * The header's search field as every page loads it: a plain field showing the text searched on the results page. The
 * suggesting box (search-box.tsx) is loaded when the shopper first points at, touches or focuses the field, and takes
 * over with the text typed, the caret and the focus, so its code is not in every page's first load.
 */
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useRef, useState, type ComponentType } from 'react';
import { usePathname } from '@/i18n/navigation-hooks';
import type { SearchBoxProps } from './search-box';
import { SEARCH_FIELD } from './search-field';

let searchBox: Promise<ComponentType<SearchBoxProps>> | null = null;

export function SearchInput({ inputClassName }: { inputClassName: string }) {
  const t = useTranslations('common.header');
  const searched = useSearchParams().get('search') ?? '';
  const shownSearch = usePathname() === '/fragrances' ? searched : '';
  const input = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState<{ Box: ComponentType<SearchBoxProps>; handOver: SearchBoxProps['handOver'] } | null>(null);

  if (loaded) return <loaded.Box inputClassName={inputClassName} shownSearch={shownSearch} handOver={loaded.handOver} />;

  const load = () => {
    searchBox ??= import('./search-box').then((module) => module.SearchBox);
    void searchBox.then((Box) => {
      const field = input.current;
      // What the shopper has done with the plain field meanwhile carries over to the suggesting one.
      const handOver = field && {
        text: field.value,
        focused: document.activeElement === field,
        caret: field.selectionStart ?? field.value.length,
      };
      setLoaded({ Box, handOver });
    });
  };
  return (
    <input
      {...SEARCH_FIELD}
      ref={input}
      key={shownSearch}
      defaultValue={shownSearch}
      placeholder={t('searchPlaceholder')}
      onPointerEnter={load}
      onTouchStart={load}
      onFocus={load}
      className={inputClassName}
    />
  );
}
