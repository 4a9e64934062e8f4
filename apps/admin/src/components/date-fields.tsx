/**
 * The back office's day field and day-and-time field: a labelled text box showing and taking the date in the screen's
 * language, the day first and in its digits (`lib/typed-dates.ts`), whose value stays what the forms and the API take
 * ("2026-11-26", "2026-11-26T14:30"). A browser's own date field would follow the browser's language instead.
 *
 * `onChange` gets that value as each key is typed: '' when the box is emptied, and what was typed, as it is, while it
 * is not a date (every form's check refuses it, as it refuses any text that is not a date). With a `name` the value
 * goes in the form's data too; a box holding no date is invalid for the browser, so a form it is in is not sent.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { Locale } from '@attar/contract';
import { Field } from './ui';
import { useI18n } from '../lib/i18n';
import { readDay, readDayTime, writeDay, writeDayTime } from '../lib/typed-dates';
import type { MessageKey } from '../messages/en';

type Kind = {
  read(text: string): string | null;
  write(locale: Locale, value: string): string;
  hint: MessageKey;
  problem: MessageKey;
  example: string;
};
const DAY: Kind = { read: readDay, write: writeDay, hint: 'dayFormat', problem: 'errorTypedDay', example: '2026-11-26' };
const DAY_TIME: Kind = {
  read: readDayTime,
  write: writeDayTime,
  hint: 'dayTimeFormat',
  problem: 'errorTypedDayTime',
  example: '2026-11-26T14:30',
};

type DateFieldProps = {
  label: string;
  /** With a name, the value is in the form's data under it. */
  name?: string;
  /** Controlled: the value shown; uncontrolled: `defaultValue`. */
  value?: string;
  defaultValue?: string;
  onChange?(value: string): void;
  onBlur?(): void;
  required?: boolean;
  /** The form's own word about this field, shown instead of the field's. */
  error?: string | undefined;
  className?: string;
};

/** A calendar day, "2026-11-26"; `latest`: the last day one may choose. */
export function DateField({ latest, ...props }: DateFieldProps & { latest?: string | undefined }) {
  return <TypedDate kind={DAY} latest={latest} {...props} />;
}

/** A day and a time on the shop's clock, as a `datetime-local` field's value: "2026-11-26T14:30". */
export function DateTimeField(props: DateFieldProps) {
  return <TypedDate kind={DAY_TIME} {...props} />;
}

/** A day-and-time field of a react-hook-form form, its value the form's field `name`. */
export function FormDateTimeField<Form extends FieldValues, Output>({
  control,
  name,
  ...props
}: Omit<DateFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & {
  control: Control<Form, unknown, Output>;
  name: FieldPathByValue<Form, string>;
}) {
  const { field } = useController({ control, name });
  return <DateTimeField {...props} value={field.value as string} onChange={field.onChange} onBlur={field.onBlur} />;
}

function TypedDate({
  kind,
  label,
  name,
  value,
  defaultValue = '',
  onChange,
  onBlur,
  required,
  error,
  className = '',
  latest,
}: DateFieldProps & { kind: Kind; latest?: string | undefined }) {
  const { locale, t } = useI18n();
  const shown = (given: string) => (kind.read(given) === given ? kind.write(locale, given) : given);
  const valueOf = (typed: string) => (typed.trim() === '' ? '' : (kind.read(typed) ?? typed.trim()));
  const [text, setText] = useState(() => shown(value ?? defaultValue));
  const [left, setLeft] = useState(false);
  // A value given from outside (a form reset, a link, Clear) shows afresh, unless it is what the box already says; a
  // change of language writes the box in the new one's digits.
  const [seen, setSeen] = useState({ value, locale });
  if (value !== seen.value || locale !== seen.locale) {
    setSeen({ value, locale });
    if (value !== undefined && value !== valueOf(text)) setText(shown(value));
    else if (locale !== seen.locale) setText(shown(valueOf(text)));
  }
  const read = kind.read(text);
  const problem: string | null =
    text.trim() === ''
      ? null
      : read === null
        ? t(kind.problem, { example: kind.write(locale, kind.example) })
        : latest && read > latest
          ? t('errorDayAfterLatest', { day: kind.write(locale, latest) })
          : null;
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.setCustomValidity(problem ?? ''), [problem]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    onChange?.(valueOf(event.target.value));
  };
  const leave = () => {
    setLeft(true);
    if (read !== null) setText(kind.write(locale, read));
    onBlur?.();
  };
  return (
    <>
      <Field
        ref={box}
        label={label}
        error={error ?? (left ? (problem ?? undefined) : undefined)}
        className={className}
        placeholder={t(kind.hint)}
        autoComplete="off"
        spellCheck={false}
        required={required}
        value={text}
        onChange={change}
        onBlur={leave}
      />
      {name && <input type="hidden" name={name} value={valueOf(text)} />}
    </>
  );
}
