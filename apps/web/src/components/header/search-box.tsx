'use client';
/**
 * The search field with suggestions: on the results page it keeps the text searched; as the shopper types (two
 * letters or more, after a short pause) it lists matching products and notes from the API's own search, in the page's
 * language. Arrow keys move through them, Enter opens the one chosen (or searches the text), Escape closes the list.
 * It replaces the plain field (search-input.tsx) when first used, taking over what was typed there.
 */
import type { SearchSuggestions } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation-hooks';
import { getSuggestions } from '@/lib/api/suggestions';
import { mediaSrc } from '@/lib/media';
import { useSelling } from '../app/app-provider';
import { Price } from '../price';
import { SEARCH_FIELD } from './search-field';

const MIN_LETTERS = 2;
const PAUSE_MS = 150;

type SuggestedProduct = SearchSuggestions['products'][number];
/** One suggestion, in the order the arrow keys go through them: products, then notes. */
type Option = { key: string; href: string; name: string; product: SuggestedProduct | null };

export type SearchBoxProps = {
  inputClassName: string;
  /** The text searched, on the results page; '' elsewhere. */
  shownSearch: string;
  /** The plain field's text, caret and focus when this box replaced it. */
  handOver: { text: string; focused: boolean; caret: number } | null;
};

export function SearchBox({ inputClassName, shownSearch, handOver }: SearchBoxProps) {
  const t = useTranslations('common.header');
  const locale = useLocale();
  const router = useRouter();
  const { isEgypt } = useSelling();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(handOver?.text ?? shownSearch);
  const [suggestions, setSuggestions] = useState<SearchSuggestions | null>(null);
  const [open, setOpen] = useState(handOver?.focused ?? false);
  const [active, setActive] = useState(-1);

  useLayoutEffect(() => {
    if (!handOver?.focused || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(handOver.caret, handOver.caret);
  }, [handOver]);

  // A new results page (or leaving it) shows its own text; not on the first render, which shows what was handed over.
  const firstShown = useRef(shownSearch);
  useEffect(() => {
    if (firstShown.current === shownSearch) return;
    firstShown.current = shownSearch;
    setText(shownSearch);
  }, [shownSearch]);

  useEffect(() => {
    const typed = text.trim();
    if (typed.length < MIN_LETTERS) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(typed, locale, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch(() => undefined); // Suggestions are a help: the search itself still works without them.
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, locale]);

  const options: Option[] = [
    ...(suggestions?.products ?? []).map((product) => ({
      key: `p-${product.id}`,
      href: `/fragrances/${product.slug}`,
      name: product.name,
      product,
    })),
    // A note opens the results for its name.
    ...(suggestions?.notes ?? []).map((note) => ({
      key: `n-${note.slug}`,
      href: `/fragrances?search=${encodeURIComponent(note.name)}`,
      name: note.name,
      product: null,
    })),
  ];
  const firstNote = options.findIndex((option) => option.product === null);
  const expanded = open && options.length > 0;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      setOpen(false);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      // -1 is the field itself: the list wraps round through it.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => ((current + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      setOpen(false);
      router.push(options[active].href);
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <>
      <input
        {...SEARCH_FIELD}
        ref={input}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className={inputClassName}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        hidden={!expanded}
        // Chosen with the mouse before the field loses focus (and closes the list).
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-50 mt-2 flex max-h-[70vh] flex-col overflow-y-auto rounded-2xl border border-line bg-night p-2 shadow-xl"
      >
        {options.map((option, index) => (
          <Fragment key={option.key}>
            {index === firstNote && (
              <li role="presentation" className="px-2 pt-2 pb-1 text-xs text-mist">
                {t('suggestedNotes')}
              </li>
            )}
            <li id={optionId(index)} role="option" aria-selected={active === index}>
              <Link
                href={option.href}
                tabIndex={-1}
                onClick={() => setOpen(false)}
                className={`flex items-center gap-3 rounded-xl text-sm text-cream hover:bg-smoke ${option.product ? 'p-2' : 'px-3 py-2'} ${active === index ? 'bg-smoke' : ''}`}
              >
                {option.product && (
                  <img
                    src={mediaSrc(option.product.image_mobile)}
                    alt=""
                    width={40}
                    height={40}
                    className="size-10 rounded-lg bg-smoke object-cover"
                  />
                )}
                <span className="min-w-0 flex-1 truncate">{option.name}</span>
                {option.product && isEgypt && <Price amount={option.product.price} className="text-xs text-gold" />}
              </Link>
            </li>
          </Fragment>
        ))}
      </ul>
    </>
  );
}
