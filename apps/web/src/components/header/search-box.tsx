'use client';
/**
 * The search field with suggestions: on the results page it keeps the text searched; as the shopper types (two
 * letters or more, after a short pause) it lists matching products and notes from the API's own search, in the page's
 * language. Arrow keys move through them, Enter opens the one chosen (or searches the text), Escape closes the list.
 * Without JavaScript it is the form's plain field.
 */
import type { SearchSuggestions } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { usePathname, useRouter } from '@/i18n/navigation-hooks';
import { getSuggestions } from '@/lib/api/suggestions';
import { mediaSrc } from '@/lib/media';
import { useSelling } from '../app/app-provider';
import { Price } from '../price';
import { SEARCH_FIELD } from './search-field';

const MIN_LETTERS = 2;
const PAUSE_MS = 150;

type Option = { key: string; href: string };

export function SearchBox({ inputClassName }: { inputClassName: string }) {
  const t = useTranslations('common.header');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const searched = useSearchParams().get('search') ?? '';
  const shownSearch = pathname === '/fragrances' ? searched : '';
  const { isEgypt } = useSelling();
  const listId = useId();
  const [text, setText] = useState(shownSearch);
  const [suggestions, setSuggestions] = useState<SearchSuggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A new results page (or leaving it) shows its own text.
  useEffect(() => setText(shownSearch), [shownSearch]);

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
    ...(suggestions?.products ?? []).map((product) => ({ key: `p-${product.id}`, href: `/fragrances/${product.slug}` })),
    ...(suggestions?.notes ?? []).map((note) => ({
      key: `n-${note.slug}`,
      href: `/fragrances?search=${encodeURIComponent(note.name)}`,
    })),
  ];
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
        {suggestions?.products.map((product, index) => (
          <li key={product.id} id={optionId(index)} role="option" aria-selected={active === index}>
            <Link
              href={`/fragrances/${product.slug}`}
              tabIndex={-1}
              onClick={() => setOpen(false)}
              className={`flex items-center gap-3 rounded-xl p-2 text-sm text-cream hover:bg-smoke ${active === index ? 'bg-smoke' : ''}`}
            >
              <img
                src={mediaSrc(product.image_mobile)}
                alt=""
                width={40}
                height={40}
                className="size-10 rounded-lg bg-smoke object-cover"
              />
              <span className="min-w-0 flex-1 truncate">{product.name}</span>
              {isEgypt && <Price amount={product.price} className="text-xs text-gold" />}
            </Link>
          </li>
        ))}
        {suggestions && suggestions.notes.length > 0 && (
          <li role="presentation" className="px-2 pt-2 pb-1 text-xs text-mist">
            {t('suggestedNotes')}
          </li>
        )}
        {suggestions?.notes.map((note, index) => {
          const position = suggestions.products.length + index;
          return (
            <li key={note.slug} id={optionId(position)} role="option" aria-selected={active === position}>
              <Link
                href={`/fragrances?search=${encodeURIComponent(note.name)}`}
                tabIndex={-1}
                onClick={() => setOpen(false)}
                className={`block rounded-xl px-3 py-2 text-sm text-cream hover:bg-smoke ${active === position ? 'bg-smoke' : ''}`}
              >
                {note.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
