'use client';
/**
 * The list's filters and sort (decision 0043). Each choice applies at once (the page is read again with the new
 * query, the count with it); the price bounds apply when the field is left or Enter is pressed. One collapsible group
 * per filter (open when it has a value): from 1024 px in a column at the inline start, from 768 px above the products;
 * on a phone the form opens as a sheet from the bottom, whose button shows the live count and closes it. Without JavaScript it is a GET form with its
 * Apply button, every group opening as a `details` element and every note listed.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { useRouter } from '@/i18n/navigation-hooks';
import type { ListQuery } from '@/lib/list-query';
import { CloseIcon, MinusIcon, PlusIcon } from '../icons';
import type { FilterChoices, FilterOption, FilterTexts } from './filter-choices';
import { shownNotes, NOTES_SHOWN } from './shown-notes';

type FilterFormProps = {
  /** The page's path without locale, where the form sends its query. */
  pathname: string;
  action: string;
  query: ListQuery;
  choices: FilterChoices;
  texts: FilterTexts;
  /** Prices are for visitors in Egypt: elsewhere there is no price range to choose. */
  showPrice: boolean;
};

type Group = 'family' | 'occasion' | 'gender' | 'concentration' | 'size' | 'price' | 'notes';

const FIELD = 'h-10 w-full rounded-full border border-line bg-night px-3 text-sm text-cream focus:border-gold focus:outline-none';
const CHOICE = 'flex cursor-pointer items-center gap-2 py-1 text-sm text-cream';

const noSubscription = () => () => {};
/** False while the server's HTML is shown (and without JavaScript), true once the page runs in the browser. */
const useInBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The open sheet is a modal dialog: focus moves into it, Tab stays inside, Escape closes, focus returns to its button. */
function useSheet(open: boolean, close: () => void) {
  const sheet = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const dialog = sheet.current;
    dialog?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button, input, select, summary')].filter(
        (each) => !each.hasAttribute('disabled') && each.getClientRects().length > 0,
      );
      const [first, last] = [focusable[0], focusable.at(-1)];
      if (!first || !last) return;
      const inside = dialog.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const button = opener.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      button?.focus();
    };
  }, [open, close]);
  return { sheet, opener };
}

export function FilterForm({ pathname, action, query, choices, texts, showPrice }: FilterFormProps) {
  const router = useRouter();
  const inBrowser = useInBrowser();
  const [open, setOpen] = useState(false);
  const closeSheet = useCallback(() => setOpen(false), []);
  const { sheet, opener } = useSheet(open, closeSheet);
  /** Groups the shopper opened or closed; the others are open when they have a value. */
  const [toggled, setToggled] = useState<Partial<Record<Group, boolean>>>({});
  const [noteSearch, setNoteSearch] = useState('');
  const [allNotes, setAllNotes] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** The control just used: the form is drawn again with the new query, and focus goes back to it. */
  const refocus = useRef<{ name: string; value: string } | null>(null);
  const queryKey = JSON.stringify(query);
  const titleId = useId();
  const fieldId = useId();

  useEffect(() => {
    const wanted = refocus.current;
    refocus.current = null;
    if (!wanted || !form.current) return;
    const controls = [...form.current.elements] as HTMLInputElement[];
    const sameChoice = (each: HTMLInputElement) => (each.type !== 'checkbox' && each.type !== 'radio') || each.value === wanted.value;
    controls.find((each) => each.name === wanted.name && sameChoice(each))?.focus();
  }, [queryKey]);

  function apply(target: HTMLFormElement, control: EventTarget) {
    const { name, value } = control as HTMLInputElement;
    refocus.current = name ? { name, value } : null;
    const params = new URLSearchParams();
    const notes: string[] = [];
    for (const [key, each] of new FormData(target)) {
      if (typeof each !== 'string' || each.trim() === '') continue;
      if (key === 'notes') notes.push(each);
      else params.set(key, each.trim());
    }
    if (notes.length > 0) params.set('notes', notes.join(','));
    const text = params.toString();
    router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false });
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget, event.currentTarget);
    setOpen(false);
  };
  // Every choice but the typed price bounds applies as soon as it is made (the note search box is no choice).
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const control = event.target as HTMLInputElement;
    if (control.name && control.type !== 'number') apply(event.currentTarget, control);
  };
  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLInputElement).type === 'number') apply(event.currentTarget, event.target);
  };

  const group = (name: Group, label: string, set: boolean, body: ReactNode) => (
    <details
      open={toggled[name] ?? set}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        if (isOpen !== (toggled[name] ?? set)) setToggled((now) => ({ ...now, [name]: isOpen }));
      }}
      className="group border-b border-line py-3"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 text-sm font-semibold text-cream hover:text-gold [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          {label}
          {set && <span className="size-1.5 rounded-full bg-gold" aria-hidden="true" />}
        </span>
        <PlusIcon size={16} aria-hidden="true" className="group-open:hidden" />
        <MinusIcon size={16} aria-hidden="true" className="hidden group-open:block" />
      </summary>
      <div className="pt-3">{body}</div>
    </details>
  );

  // One choice of a list, or all of them (the empty value, which the query leaves out).
  const radios = (name: Group & keyof ListQuery, label: string, options: FilterOption[]) => {
    const current = String(query[name] ?? '').toLowerCase();
    return group(
      name,
      label,
      current !== '',
      <fieldset className="flex flex-col">
        <legend className="sr-only">{label}</legend>
        {[{ value: '', name: texts.any }, ...options].map((option) => (
          <label key={option.value} className={CHOICE}>
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value.toLowerCase() === current}
              className="size-4 shrink-0 accent-gold"
            />
            {option.name}
          </label>
        ))}
      </fieldset>,
    );
  };

  const chosenNotes = query.notes ?? [];
  // Without JavaScript every note is listed: the search box and "show all" need the browser.
  const notes = inBrowser ? shownNotes(choices.notes, chosenNotes, noteSearch, allNotes) : choices.notes;

  return (
    <>
      <button ref={opener} type="button" onClick={() => setOpen(true)} aria-haspopup="dialog" className="btn-outline mb-4 w-full md:hidden">
        {texts.openFilters}
      </button>
      {/* Above the bottom tab bar (z-40) like the cart panel: nothing of the page shows through or takes a tap. */}
      {open && <div className="fixed inset-0 z-50 bg-ink/80 md:hidden" aria-hidden="true" onClick={closeSheet} />}
      <div
        ref={sheet}
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        aria-labelledby={open ? titleId : undefined}
        tabIndex={open ? -1 : undefined}
        className={
          open
            ? 'fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-3xl border-t border-line bg-night pb-[env(safe-area-inset-bottom)] outline-none md:hidden'
            : 'mb-6 hidden md:block lg:mb-0'
        }
      >
        <div className={`flex items-center justify-between ${open ? 'border-b border-line px-4 py-3' : 'pb-2'}`}>
          <h2 id={titleId} className="text-lg font-semibold text-cream">
            {texts.filters}
          </h2>
          {open && (
            <button
              type="button"
              onClick={closeSheet}
              aria-label={texts.closeFilters}
              className="grid size-10 place-items-center rounded-full text-cream hover:bg-smoke"
            >
              <CloseIcon size={20} />
            </button>
          )}
        </div>
        <form
          // The query is in the form's fields: a new answer resets them to it.
          key={queryKey}
          ref={form}
          method="get"
          action={action}
          aria-label={texts.filters}
          onSubmit={onSubmit}
          onChange={onChange}
          onBlur={onBlur}
          // A tablet shows the groups above the products in two columns; a desktop, in its side column.
          className={
            open ? 'flex min-h-0 flex-1 flex-col overflow-y-auto px-4' : 'gap-x-8 md:columns-2 lg:columns-1 [&>*]:break-inside-avoid'
          }
        >
          {query.category_slug && <input type="hidden" name="category_slug" value={query.category_slug} />}
          {query.search && <input type="hidden" name="search" value={query.search} />}
          {query.search_id && <input type="hidden" name="search_id" value={query.search_id} />}
          <div className="flex flex-col gap-1 border-b border-line py-3 text-xs text-mist">
            {/* The label names the select alone (wrapped around it, the choice shown would join its name). */}
            <label htmlFor={`${fieldId}-ordering`}>{texts.sort}</label>
            <select id={`${fieldId}-ordering`} name="ordering" defaultValue={query.ordering ?? ''} className={FIELD}>
              <option value="">{texts.defaultOrder}</option>
              {choices.orderings.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          {choices.notes.length > 0 &&
            group(
              'notes',
              texts.notes,
              chosenNotes.length > 0,
              <fieldset className="flex flex-col gap-2">
                <legend className="sr-only">{texts.notes}</legend>
                {inBrowser && (
                  <input
                    type="search"
                    value={noteSearch}
                    onChange={(event) => setNoteSearch(event.target.value)}
                    // Enter looks for a note; it does not send the form.
                    onKeyDown={(event: ReactKeyboardEvent) => event.key === 'Enter' && event.preventDefault()}
                    aria-label={texts.searchNotes}
                    placeholder={texts.searchNotes}
                    className={FIELD}
                  />
                )}
                <div className={`flex flex-col ${open ? '' : 'md:max-h-80 md:overflow-y-auto'}`}>
                  {notes.map((note) => (
                    <label key={note.value} className={CHOICE}>
                      <input
                        type="checkbox"
                        name="notes"
                        value={note.value}
                        defaultChecked={chosenNotes.includes(note.value)}
                        className="size-4 shrink-0 accent-gold"
                      />
                      {note.name}
                    </label>
                  ))}
                </div>
                {notes.length === 0 && <p className="text-sm text-mist">{texts.noNoteMatches}</p>}
                {inBrowser && noteSearch.trim() === '' && choices.notes.length > NOTES_SHOWN && (
                  <button type="button" onClick={() => setAllNotes(!allNotes)} className="self-start text-sm text-link">
                    {allNotes ? texts.showFewerNotes : texts.showAllNotes}
                  </button>
                )}
              </fieldset>,
            )}
          {radios('family', texts.family, choices.families)}
          {radios('gender', texts.gender, choices.genders)}
          {radios('occasion', texts.occasion, choices.occasions)}
          {radios('concentration', texts.concentration, choices.concentrations)}
          {radios('size', texts.size, choices.sizes)}
          {showPrice &&
            group(
              'price',
              texts.price,
              query.price_min !== undefined || query.price_max !== undefined,
              <fieldset className="flex gap-2">
                <legend className="sr-only">{texts.price}</legend>
                {(['price_min', 'price_max'] as const).map((name) => (
                  <input
                    key={name}
                    name={name}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    dir="ltr"
                    defaultValue={query[name] ?? ''}
                    placeholder={texts[name === 'price_min' ? 'priceMin' : 'priceMax']}
                    aria-label={`${texts.price} ${texts[name === 'price_min' ? 'priceMin' : 'priceMax']}`}
                    className={`${FIELD} tabular`}
                  />
                ))}
              </fieldset>,
            )}
          <div className={open ? 'sticky bottom-0 -mx-4 mt-auto bg-night px-4 py-3' : 'py-4'}>
            <button type="submit" className="btn-gold h-10 w-full">
              {open ? texts.showResults : texts.apply}
            </button>
          </div>
        </form>
      </div>
    </>
  );
}
