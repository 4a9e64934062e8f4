'use client';
/**
 * The search field's suggestions (search-input.tsx holds the field and the list): products and notes matching the
 * text, asked of the API after a short pause, and the keys that move through them.
 */
import type { SearchSuggestions as Found } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { Fragment, useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { useRouter } from '@/i18n/navigation-hooks';
import { getSuggestions } from '@/lib/api/suggestions';
import { mediaSrc } from '@/lib/media';
import { useSelling } from '../app/app-provider';
import { Price } from '../price';
import { RatingFigures } from '../reviews/rating-summary';

const MIN_LETTERS = 2;
const PAUSE_MS = 150;

/** What the field announces: whether the list shows, and the option the arrow keys are on. */
export type ListState = { expanded: boolean; activeId: string | undefined };
export type SuggestionsProps = {
  text: string;
  /** Whether the shopper is in the field (the list shows only then). */
  open: boolean;
  listId: string;
  /** Where the field finds the keys' handler. */
  keyHandlerRef: RefObject<((event: KeyboardEvent<HTMLInputElement>) => void) | null>;
  onState: (state: ListState) => void;
  /** A suggestion was opened: the field closes the list. */
  onChosen: () => void;
};

type SuggestedProduct = Found['products'][number];
/** One suggestion, in the order the arrow keys go through them: products, then notes. */
type Option = { key: string; href: string; name: string; product: SuggestedProduct | null };

export function SearchSuggestions({ text, open, listId, keyHandlerRef, onState, onChosen }: SuggestionsProps) {
  const t = useTranslations('common.header');
  const locale = useLocale();
  const router = useRouter();
  const { isEgypt } = useSelling();
  const [found, setFound] = useState<Found | null>(null);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const typed = text.trim();
    if (typed.length < MIN_LETTERS) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(typed, locale, controller.signal)
        .then((answer) => {
          setFound(answer);
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
    ...(found?.products ?? []).map((product) => ({
      key: `p-${product.id}`,
      href: `/fragrances/${product.slug}`,
      name: product.name,
      product,
    })),
    // A note opens the results for its name.
    ...(found?.notes ?? []).map((note) => ({
      key: `n-${note.slug}`,
      href: `/fragrances?search=${encodeURIComponent(note.name)}`,
      name: note.name,
      product: null,
    })),
  ];
  const firstNote = options.findIndex((option) => option.product === null);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;

  useEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);

  const choose = (option: Option) => {
    onChosen();
    router.push(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault();
      // -1 is the field itself: the list wraps round through it.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => ((current + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    }
  };
  // The field calls the handler of the latest render (it sees the options as they are now).
  useEffect(() => {
    keyHandlerRef.current = onKeyDown;
  });

  return options.map((option, index) => (
    <Fragment key={option.key}>
      {index === firstNote && (
        <li role="presentation" className="px-2 pt-2 pb-1 text-xs text-mist">
          {t('suggestedNotes')}
        </li>
      )}
      {/* The option is what a pointer chooses: a listbox option holds no link of its own (nested-interactive), and
          the keys choose through the field (aria-activedescendant). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the field takes the keys for the list */}
      <li
        id={optionId(index)}
        role="option"
        aria-selected={active === index}
        onClick={() => choose(option)}
        className={`flex cursor-pointer items-center gap-3 rounded-xl text-sm text-cream hover:bg-smoke ${option.product ? 'p-2' : 'px-3 py-2'} ${active === index ? 'bg-smoke' : ''}`}
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
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate">{option.name}</span>
          {option.product?.rating && (
            <RatingFigures rating={option.product.rating} className="text-xs text-mist" starsClassName="text-xs" />
          )}
        </span>
        {option.product && isEgypt && <Price amount={option.product.price} className="text-xs text-gold" />}
      </li>
    </Fragment>
  ));
}
