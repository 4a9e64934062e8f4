/** The back office's small building blocks: buttons, labelled fields, dialogs, status chips, amounts. */
import * as RadixDialog from '@radix-ui/react-dialog';
import { forwardRef, useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { OrderStatus } from '@attar/contract';
import { formatMoney } from '../lib/format';
import { useI18n } from '../lib/i18n';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'quiet' | 'danger' };
const VARIANTS = {
  primary: 'bg-gold text-ink hover:bg-gold-bright',
  quiet: 'border border-line text-cream hover:border-gold',
  danger: 'border border-danger/60 text-danger hover:bg-danger/10',
};
export function Button({ variant = 'quiet', className = '', type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}

const fieldClass = 'min-h-10 w-full rounded-md border border-line bg-night px-3 text-cream placeholder:text-mist/60 focus:border-gold';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; ltr?: boolean };
/** A labelled input with its error under it, announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, ltr, className = '', ...props }, ref) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-mist">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        dir={ltr ? 'ltr' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode };
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, className = '', children, ...props }, ref) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-mist">
        {label}
      </label>
      <select ref={ref} id={id} className={fieldClass} {...props}>
        {children}
      </select>
    </div>
  );
});

/** Left-to-right islands inside Arabic: order numbers, phones, codes, e-mails. */
export const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;

export function Money({ value }: { value: number }) {
  const { locale } = useI18n();
  return <span className="tabular-nums">{formatMoney(locale, value)}</span>;
}

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending_payment: 'bg-mist/15 text-mist',
  placed: 'bg-gold/20 text-gold-bright',
  confirmed: 'bg-sky-400/15 text-sky-300',
  packed: 'bg-violet-400/15 text-violet-300',
  shipped: 'bg-indigo-400/15 text-indigo-300',
  delivered: 'bg-success/25 text-emerald-300',
  cancelled: 'bg-danger/15 text-danger',
  refunded: 'bg-orange-400/15 text-orange-300',
};
export function StatusChip({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_COLOURS[status]}`}>{t(`status_${status}`)}</span>
  );
}

export function Panel({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-line bg-night p-4 ${className}`} aria-label={title}>
      {title && <h2 className="mb-3 text-base font-semibold text-gold">{title}</h2>}
      {children}
    </section>
  );
}

/** An accessible dialog (focus kept inside, Escape closes, titled). */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
}) {
  const { locale } = useI18n();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 bg-black/70" />
        <RadixDialog.Content
          dir={locale === 'ar' ? 'rtl' : 'ltr'}
          aria-describedby={undefined}
          className="fixed start-1/2 top-1/2 w-[min(32rem,calc(100vw-2rem))] -translate-y-1/2 rounded-lg border border-line bg-smoke p-5 shadow-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2"
        >
          <RadixDialog.Title className="mb-4 text-lg font-semibold text-gold">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A message read out when it appears (errors, results of actions). */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  const colours = {
    info: 'border-gold/40 text-gold-bright',
    error: 'border-danger/50 text-danger',
    success: 'border-success text-emerald-300',
  };
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${colours[tone]}`}>
      {children}
    </p>
  );
}
