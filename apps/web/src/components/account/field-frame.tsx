/**
 * The fields' look and frame, apart from form-field.tsx (a client module) so that server components can draw a
 * form's fields too: the stand-in a form shows until its code has come (product/stock-alert-fields.tsx).
 */
import type { ReactNode } from 'react';

/** A field's label: small capitals in English; Arabic has no capitals, so it is set a size up instead. */
export const FIELD_LABEL = 'text-xs font-semibold text-mist tracking-wider uppercase rtl:text-sm rtl:tracking-normal';

/** An input's or a select's look, with its error state. */
export const FIELD_INPUT =
  'h-12 w-full rounded-xl border border-line bg-ink px-4 text-base text-cream placeholder:text-mist/60 transition-colors focus:border-gold focus:outline-none aria-invalid:border-danger scroll-mt-40';

type FieldFrameProps = {
  id: string;
  label: string;
  upperCase: boolean;
  hint?: string;
  error?: string;
  children: (described: { describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
};

/** Label, control, hint and error, linked for assistive technology: what every kind of field shares. */
export function FieldFrame({ id, label, upperCase, hint, error, children }: FieldFrameProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label htmlFor={id} className={upperCase ? FIELD_LABEL : 'text-xs font-semibold text-mist rtl:text-sm'}>
        {label}
      </label>
      {children({ describedBy, invalid: error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-mist/80">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </>
  );
}
