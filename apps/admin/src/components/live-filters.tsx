/**
 * The parts of a list's filters that apply as the reader works them, with no Search button: a text once typing pauses,
 * a choice at once. The screen keeps them in the address, going back to page 1 (and clearing any selection).
 */
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { Button, Field } from './ui';

/** A text filter applies once typing pauses this long: a list is not asked again at every key. */
export const TYPING_PAUSE_MS = 300;

type LiveFieldProps = Omit<ComponentProps<typeof Field>, 'value' | 'defaultValue' | 'onChange'> & {
  /** What the address holds. */
  value: string | undefined;
  /** What was typed, trimmed (undefined when nothing is), once typing pauses; only when it differs from the address. */
  onApply(value: string | undefined): void;
};

/**
 * A text field of a list's filters; Enter applies it at once. When the address changes otherwise (Clear, a link, the
 * back button) the field shows what it holds, and what was waiting to apply is dropped.
 */
export function LiveField({ value, onApply, ...props }: LiveFieldProps) {
  const held = value ?? '';
  const [text, setText] = useState(held);
  // What the address holds, or what this field has just sent it (the address follows a moment later).
  const sent = useRef(held);
  const timer = useRef<number | undefined>(undefined);
  // The list's own page: a row clicked while typing pauses leaves it, and the search must not bring the list back.
  const listPath = useRef(window.location.pathname);
  useEffect(() => {
    if (held === sent.current) return;
    window.clearTimeout(timer.current);
    sent.current = held;
    setText(held);
  }, [held]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const apply = (typed: string) => {
    window.clearTimeout(timer.current);
    const next = typed.trim();
    if (next === sent.current) return;
    sent.current = next;
    onApply(next || undefined);
  };
  return (
    <Field
      {...props}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => {
          if (window.location.pathname === listPath.current) apply(typed);
        }, TYPING_PAUSE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply(event.currentTarget.value);
      }}
    />
  );
}

/** A list's live filters: a search landmark whose Enter sends nothing (each field applies itself). */
export function LiveFilterForm({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <form onSubmit={(event) => event.preventDefault()} role="search" aria-label={t('filters')} className={className}>
      {children}
    </form>
  );
}

/** A list's search box, applied as it is typed: what was asked for stays in the address as `q`. */
export function LiveSearch({
  q,
  placeholder,
  onSearch,
}: {
  q: string | undefined;
  placeholder: string;
  onSearch(q: string | undefined): void;
}) {
  const { t } = useI18n();
  return (
    <LiveField label={t('search')} name="q" type="search" placeholder={placeholder} value={q} onApply={onSearch} className="col-span-2" />
  );
}

/** A live filter form's last row: every filter cleared at once, and anything else the form offers beside it. */
export function ClearFilters({ className, onClear, children }: { className: string; onClear(): void; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className={`flex items-end gap-2 ${className}`}>
      <Button onClick={onClear}>{t('clearFilters')}</Button>
      {children}
    </div>
  );
}
