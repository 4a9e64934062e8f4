'use client';
/**
 * The list's filters and sort. Each choice applies at once (the page is read again with the new query, the count
 * with it); the price bounds apply when the field is left or Enter is pressed. On a phone the form opens as a
 * sheet from the bottom, whose button shows the live count and closes it. Without JavaScript it is a GET form with
 * its Apply button.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from '@/i18n/navigation-hooks';
import type { ListQuery } from '@/lib/list-query';
import { CloseIcon } from '../icons';
import { useFormatNumber } from '../use-format-number';

/** A choice as the form sends it (`value`) and shows it (`name`). */
export type FilterOption = { value: string; name: string };
export type FilterChoices = Record<
  'families' | 'occasions' | 'notes' | 'concentrations' | 'sizes' | 'genders' | 'orderings',
  FilterOption[]
>;

type FilterFormProps = {
  /** The page's path without locale, where the form sends its query. */
  pathname: string;
  action: string;
  query: ListQuery;
  choices: FilterChoices;
  /** How many products match now, and how many filters are set. */
  count: number;
  activeCount: number;
  /** Prices are for visitors in Egypt (spec §1): elsewhere there is no price range to choose. */
  showPrice: boolean;
};

const SELECT = 'h-10 w-full rounded-full border border-line bg-night px-3 text-sm text-cream focus:border-gold focus:outline-none';

export function FilterForm({ pathname, action, query, choices, count, activeCount, showPrice }: FilterFormProps) {
  const t = useTranslations('common.list');
  const formatNumber = useFormatNumber();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** The control just used: the form is drawn again with the new query, and focus goes back to it. */
  const refocus = useRef<{ name: string; value: string } | null>(null);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    const wanted = refocus.current;
    refocus.current = null;
    if (!wanted || !form.current) return;
    const controls = [...form.current.elements] as HTMLInputElement[];
    controls.find((each) => each.name === wanted.name && (each.type !== 'checkbox' || each.value === wanted.value))?.focus();
  }, [queryKey]);

  // Escape closes the sheet.
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);

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
  // Every choice but the typed price bounds applies as soon as it is made.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLInputElement).type !== 'number') apply(event.currentTarget, event.target);
  };
  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLInputElement).type === 'number') apply(event.currentTarget, event.target);
  };

  const fieldId = useId();
  // The label names the select alone (wrapped around it, the choice shown would join its name).
  const select = (name: keyof ListQuery, label: string, options: FilterOption[], allLabel: string = t('any')): ReactNode => (
    <div className="flex flex-col gap-1 text-xs text-mist">
      <label htmlFor={`${fieldId}-${name}`}>{label}</label>
      <select id={`${fieldId}-${name}`} name={name} defaultValue={String(query[name] ?? '')} className={SELECT}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog" className="btn-outline mb-4 w-full md:hidden">
        {activeCount > 0 ? t('openFiltersCount', { count: formatNumber(activeCount) }) : t('openFilters')}
      </button>
      {open && <div className="fixed inset-0 z-40 bg-ink/70 md:hidden" aria-hidden="true" onClick={() => setOpen(false)} />}
      <form
        // The query is in the form's fields: a new answer resets them to it.
        key={queryKey}
        ref={form}
        method="get"
        action={action}
        aria-label={t('filters')}
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        onSubmit={onSubmit}
        onChange={onChange}
        onBlur={onBlur}
        className={`${open ? 'fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-3xl border-t border-line bg-night p-4' : 'hidden'} mb-8 grid-cols-2 items-end gap-3 md:static md:z-auto md:grid md:max-h-none md:rounded-2xl md:border md:bg-night/60 md:p-4 lg:grid-cols-4 ${open ? 'grid' : ''}`}
      >
        {open && (
          <div className="col-span-2 flex items-center justify-between md:hidden">
            <h2 className="text-lg font-semibold text-cream">{t('filters')}</h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label={t('closeFilters')}
              className="grid size-10 place-items-center rounded-full text-cream hover:bg-smoke"
            >
              <CloseIcon size={20} />
            </button>
          </div>
        )}
        {query.category_slug && <input type="hidden" name="category_slug" value={query.category_slug} />}
        {query.search && <input type="hidden" name="search" value={query.search} />}
        {select('family', t('family'), choices.families)}
        {select('occasion', t('occasion'), choices.occasions)}
        {select('gender', t('gender'), choices.genders)}
        {select('concentration', t('concentration'), choices.concentrations)}
        {select('size', t('size'), choices.sizes)}
        {showPrice && (
          <fieldset className="flex flex-col gap-1 text-xs text-mist">
            <legend className="mb-1">{t('price')}</legend>
            <div className="flex gap-2">
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
                  placeholder={t(name === 'price_min' ? 'priceMin' : 'priceMax')}
                  aria-label={`${t('price')} ${t(name === 'price_min' ? 'priceMin' : 'priceMax')}`}
                  className={`${SELECT} tabular`}
                />
              ))}
            </div>
          </fieldset>
        )}
        {select('ordering', t('sort'), choices.orderings, t('orderings.default'))}
        {choices.notes.length > 0 && (
          <fieldset className="col-span-2 flex flex-col gap-2 text-xs text-mist lg:col-span-4">
            <legend className="mb-1">{t('notes')}</legend>
            <div className="flex max-h-40 flex-wrap gap-2 overflow-y-auto">
              {choices.notes.map((note) => (
                <label key={note.value} className="cursor-pointer">
                  <input
                    type="checkbox"
                    name="notes"
                    value={note.value}
                    defaultChecked={query.notes?.includes(note.value)}
                    className="peer sr-only"
                  />
                  <span className="inline-block rounded-full border border-line px-3 py-1 text-sm text-cream peer-checked:border-gold peer-checked:bg-gold/15 peer-focus-visible:outline-2 peer-focus-visible:outline-gold">
                    {note.name}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <button type="submit" className="btn-gold col-span-2 h-10 md:col-span-1">
          <span className="md:hidden">{t('showResults', { count, shown: formatNumber(count) })}</span>
          <span className="hidden md:inline">{t('apply')}</span>
        </button>
      </form>
    </>
  );
}
