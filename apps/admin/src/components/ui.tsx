/** The back office's small building blocks: buttons, labelled fields, dialogs, status chips, amounts, notices. */
import * as RadixDialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import {
  forwardRef,
  useId,
  type ButtonHTMLAttributes,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { OrderStatus } from '@attar/contract';
import { formatMoney, formatNumber } from '../lib/format';
import { direction, errorMessage, useI18n } from '../lib/i18n';

type Variant = 'primary' | 'quiet' | 'danger';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-gold text-ink hover:bg-gold-bright',
  quiet: 'border border-line text-cream hover:border-gold',
  danger: 'border border-danger/60 text-danger hover:bg-danger/10',
};
/** The look of a button, for links that act as one (they open another page). */
export const buttonClass = (variant: Variant = 'quiet') =>
  `inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium disabled:opacity-50 ${VARIANTS[variant]}`;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant };
export function Button({ variant = 'quiet', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={`${buttonClass(variant)} ${className}`} {...props} />;
}

const controlClass = 'min-h-10 w-full rounded-md border border-line bg-night px-3 text-cream placeholder:text-mist/60 focus:border-gold';

/** A label above its control and the control's error under it (announced, and tied to it with aria-describedby). */
function Labelled({
  label,
  error,
  className,
  hideLabel,
  control,
}: {
  label: string;
  error?: string | undefined;
  className: string;
  hideLabel?: boolean | undefined;
  control(props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }): ReactNode;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm text-mist'}>
        {label}
      </label>
      {control(error ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { id })}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type Labels = { label: string; error?: string | undefined; hideLabel?: boolean };

/** `ltr`: text that reads left to right in either language (e-mails, codes, tracking numbers). */
type FieldProps = InputHTMLAttributes<HTMLInputElement> & Labels & { ltr?: boolean };
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hideLabel, ltr, className = '', ...props },
  ref,
) {
  return (
    <Labelled
      label={label}
      error={error}
      hideLabel={hideLabel}
      className={className}
      control={(a11y) => <input ref={ref} dir={ltr ? 'ltr' : undefined} className={controlClass} {...a11y} {...props} />}
    />
  );
});

/** A list's search box in a form with a Search button: what was asked for stays in the address as `q`. */
export function SearchField({ placeholder, defaultValue }: { placeholder: string; defaultValue: string | undefined }) {
  const { t } = useI18n();
  return (
    <Field label={t('search')} name="q" type="search" placeholder={placeholder} defaultValue={defaultValue ?? ''} className="col-span-2" />
  );
}

/**
 * A list's search on its own (the stock list, the offers): the box, Search and Clear; `onSearch` gets what was typed,
 * trimmed ('' for Clear). A new `q` (a link, the back button) starts it afresh.
 */
export function QuerySearch({ q, placeholder, onSearch }: { q: string | undefined; placeholder: string; onSearch(q: string): void }) {
  const { t } = useI18n();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <form key={q ?? ''} onSubmit={submit} role="search" aria-label={t('filters')} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <SearchField placeholder={placeholder} defaultValue={q} />
      <FilterButtons className="col-span-2" onClear={() => onSearch('')} />
    </form>
  );
}

/** A filter form's last row: search with what is filled in, or clear every filter. */
export function FilterButtons({ className, onClear }: { className: string; onClear(): void }) {
  const { t } = useI18n();
  return (
    <div className={`flex items-end gap-2 ${className}`}>
      <Button variant="primary" type="submit">
        {t('search')}
      </Button>
      <Button onClick={onClear}>{t('clearFilters')}</Button>
    </div>
  );
}

/** The six digits from an authenticator app: a number pad on phones, filled in by the browser from an SMS-style code. */
export const CodeField = forwardRef<HTMLInputElement, Omit<FieldProps, 'label'>>(function CodeField(props, ref) {
  const { t } = useI18n();
  return (
    <Field
      ref={ref}
      label={t('totpCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      ltr
      {...props}
    />
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Labels;
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hideLabel, className = '', ...props },
  ref,
) {
  return (
    <Labelled
      label={label}
      error={error}
      hideLabel={hideLabel}
      className={className}
      control={(a11y) => <textarea ref={ref} rows={3} className={`${controlClass} py-2`} {...a11y} {...props} />}
    />
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & Labels & { children: ReactNode };
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, error, hideLabel, className = '', children, ...props },
  ref,
) {
  return (
    <Labelled
      label={label}
      error={error}
      hideLabel={hideLabel}
      className={className}
      control={(a11y) => (
        <select ref={ref} className={controlClass} {...a11y} {...props}>
          {children}
        </select>
      )}
    />
  );
});

type Choice = { value: string | number; label: string };
/** A select of `choices`, after `first` when there is one (an empty value: "Any category", "Choose…"). */
export const ChoiceSelect = forwardRef<HTMLSelectElement, Omit<SelectProps, 'children'> & { choices: Choice[]; first?: string }>(
  function ChoiceSelect({ choices, first, ...props }, ref) {
    return (
      <Select ref={ref} {...props}>
        {first !== undefined && <option value="">{first}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    );
  },
);

/** Back to a list from one of its pages: the arrow points back in either direction. */
export function BackLink({
  to,
  children,
}: {
  to:
    | '/orders'
    | '/catalogue/products'
    | '/catalogue/offers'
    | '/stock'
    | '/customers'
    | '/promotions'
    | '/content/sliders'
    | '/content/pages';
  children: ReactNode;
}) {
  return (
    <Link to={to} className="self-start text-sm text-mist hover:text-gold">
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        ←
      </span>{' '}
      {children}
    </Link>
  );
}

/** Left-to-right islands inside Arabic: order numbers, phones, tracking numbers, e-mails, codes. */
export const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;

export function Money({ value }: { value: number }) {
  const { locale } = useI18n();
  return <span className="whitespace-nowrap tabular-nums">{formatMoney(locale, value)}</span>;
}

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending_payment: 'bg-mist/15 text-mist',
  awaiting_shopper: 'bg-amber-400/15 text-amber-300',
  placed: 'bg-gold/20 text-gold-bright',
  confirmed: 'bg-sky-400/15 text-sky-300',
  packed: 'bg-violet-400/15 text-violet-300',
  shipped: 'bg-indigo-400/15 text-indigo-300',
  delivered: 'bg-success/25 text-emerald-300',
  cancelled: 'bg-danger/15 text-danger',
  refunded: 'bg-orange-400/15 text-orange-300',
};
/** A status as a small coloured label. */
export const Chip = ({ colours, children }: { colours: string; children: ReactNode }) => (
  <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${colours}`}>{children}</span>
);

export function StatusChip({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return <Chip colours={STATUS_COLOURS[status]}>{t(`status_${status}`)}</Chip>;
}

/** A titled part of a page: a landmark region named by its heading. */
export function Panel({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={`rounded-lg border border-line bg-night p-4 ${className}`} aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold text-gold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An accessible dialog (focus kept inside, named by its title; its close button, Escape or a click outside close it). */
/**
 * A window's layer over the screen, inside a `RadixDialog.Root` (focus kept inside; Escape and a click outside close
 * it), in the screen's direction; its title is the caller's.
 */
export function DialogLayer({
  className,
  overlayClassName = '',
  children,
}: {
  className: string;
  overlayClassName?: string;
  children: ReactNode;
}) {
  const { locale } = useI18n();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={`fixed inset-0 z-40 bg-black/70 ${overlayClassName}`} />
      <RadixDialog.Content dir={direction(locale)} aria-describedby={undefined} className={className}>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function Dialog({
  open,
  onOpenChange,
  title,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Room for a table or two columns (an order's edit). */
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const width = wide ? 'w-[min(56rem,calc(100vw-2rem))]' : 'w-[min(32rem,calc(100vw-2rem))]';
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogLayer
        className={`fixed start-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] ${width} -translate-y-1/2 overflow-y-auto rounded-lg border border-line bg-smoke p-5 shadow-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2`}
      >
        <RadixDialog.Title className="mb-4 pe-8 text-lg font-semibold text-gold">{title}</RadixDialog.Title>
        {children}
        {/* Every dialog closes the same way: this button, Escape, or a click outside. Last in the focus order, so a
              form's first field keeps the first focus. */}
        <RadixDialog.Close
          aria-label={t('close')}
          className="absolute end-3 top-3 rounded-md px-2 text-xl leading-none text-mist hover:text-cream focus-visible:outline-2 focus-visible:outline-gold"
        >
          <span aria-hidden="true">×</span>
        </RadixDialog.Close>
      </DialogLayer>
    </RadixDialog.Root>
  );
}

/**
 * A dialog's last row, the same in every dialog: "Go back" first, then what the dialog does, both at the end of the
 * line (the right in English, the left in Arabic), so the step the dialog asks about is always the last button.
 */
export function DialogButtons({ onBack, children }: { onBack(): void; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap justify-end gap-2" data-testid="dialog-buttons">
      <Button onClick={onBack}>{t('keepAsIs')}</Button>
      {children}
    </div>
  );
}

const NOTICE_COLOURS = {
  info: 'border-gold/40 text-gold-bright',
  error: 'border-danger/50 text-danger',
  success: 'border-success text-emerald-300',
};
/** A message on the page: errors are alerts (read at once), the rest status messages. */
export function Notice({ tone = 'info', children }: { tone?: keyof typeof NOTICE_COLOURS; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${NOTICE_COLOURS[tone]}`}>
      {children}
    </div>
  );
}

/** A failed call, in words (nothing when there is no error). */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useI18n();
  return error ? <Notice tone="error">{errorMessage(t, error)}</Notice> : null;
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const { t, locale } = useI18n();
  const where = t('pageOf', { page: formatNumber(locale, page), pages: formatNumber(locale, pages) });
  return (
    <nav className="flex items-center gap-3" aria-label={t('pages')}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span className="text-sm text-mist">{where}</span>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}

/** A column header row for the plain tables (members, audit entries). */
export function HeaderRow({ labels }: { labels: string[] }) {
  return (
    <tr>
      {labels.map((label) => (
        <th key={label} scope="col" className="px-3 py-2 text-start font-medium">
          {label}
        </th>
      ))}
    </tr>
  );
}

/** A list's table in its bordered box: the header row from `labels`, the rows as children (stock, offers). */
export function ListTable({ labels, children }: { labels: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-sm">
        <thead className="bg-night text-mist">
          <HeaderRow labels={labels} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** What a query loaded, once it has; until then its error or "Loading…". */
export function Loaded<T>({ query, children }: { query: { error: unknown; data: T | undefined }; children(data: T): ReactNode }) {
  if (query.error) return <ErrorNotice error={query.error} />;
  return query.data === undefined ? <Loading /> : children(query.data);
}

export const Loading = () => {
  const { t } = useI18n();
  return <p className="text-mist">{t('loading')}</p>;
};
