'use client';
/**
 * The header's search field: it keeps the text searched on the results page, and as the shopper types (two letters or
 * more, after a short pause) it lists matching products and notes from the API's own search, in the page's language.
 * Arrow keys move through them, Enter opens the one chosen (or searches the text), Escape closes the list. The
 * suggestions' code (search-suggestions.tsx) loads when the shopper first points at, touches or focuses the field,
 * not with every page; the field stays this one element throughout, so nothing typed meanwhile is lost. Without
 * JavaScript it is the form's plain field.
 */
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { usePathname } from '@/i18n/navigation-hooks';
import type { ListState, SuggestionsProps } from './search-suggestions';
import { SEARCH_FIELD } from './search-field';

let suggestionsModule: Promise<ComponentType<SuggestionsProps>> | null = null;

export function SearchInput({ inputClassName }: { inputClassName: string }) {
  const t = useTranslations('common.header');
  const searched = useSearchParams().get('search') ?? '';
  const shownSearch = usePathname() === '/fragrances' ? searched : '';
  const listId = useId();
  const [text, setText] = useState(shownSearch);
  const [open, setOpen] = useState(false);
  const [Suggestions, setSuggestions] = useState<ComponentType<SuggestionsProps> | null>(null);
  const [list, setList] = useState<ListState>({ expanded: false, activeId: undefined });
  const keyHandlerRef = useRef<((event: KeyboardEvent<HTMLInputElement>) => void) | null>(null);

  // A new results page (or leaving it) shows its own text.
  useEffect(() => setText(shownSearch), [shownSearch]);

  const load = () => {
    suggestionsModule ??= import('./search-suggestions').then((module) => module.SearchSuggestions);
    void suggestionsModule.then((component) => setSuggestions(() => component));
  };

  return (
    <>
      <input
        {...SEARCH_FIELD}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
          else keyHandlerRef.current?.(event);
        }}
        role="combobox"
        aria-expanded={list.expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={list.activeId}
        className={inputClassName}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        hidden={!list.expanded}
        // Chosen with the mouse before the field loses focus (and closes the list).
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-50 mt-2 flex max-h-[70vh] flex-col overflow-y-auto rounded-2xl border border-line bg-night p-2 shadow-xl"
      >
        {Suggestions && (
          <Suggestions
            text={text}
            open={open}
            listId={listId}
            keyHandlerRef={keyHandlerRef}
            onState={setList}
            onChosen={() => setOpen(false)}
          />
        )}
      </ul>
    </>
  );
}
