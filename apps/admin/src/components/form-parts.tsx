/** Form parts every screen shares: a name in the screen's language, a text typed in one language, errors in words. */
import { forwardRef, type ComponentProps } from 'react';
import type { FieldError, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { Locale } from '@attar/contract';
import { direction, useI18n } from '../lib/i18n';
import type { MessageKey } from '../messages/en';
import { Field } from './ui';

export type Named = { name_en: string; name_ar: string };

/** A product's or a name's name in the screen's language. */
export const nameIn = (named: Named, locale: Locale) => (locale === 'ar' ? named.name_ar : named.name_en);

/** A text typed in one language, in that language's direction whatever the screen's (an Arabic name right to left). */
export const TextIn = forwardRef<HTMLInputElement, ComponentProps<typeof Field> & { language: Locale }>(function TextIn(
  { language, ...props },
  ref,
) {
  return <Field ref={ref} lang={language} dir={direction(language)} autoComplete="off" {...props} />;
});

/** A problem with a group of fields (the sizes, the notes, the occasions), under them and read out at once. */
export const GroupError = ({ text }: { text: string | undefined }) =>
  text ? (
    <p role="alert" className="text-sm text-danger">
      {text}
    </p>
  ) : null;

/**
 * A form error in words: the API's own (type 'server', already in the request's language) or the form's, whose
 * message is a key of the back office's messages (so it follows a change of language).
 */
export function useErrorText() {
  const { t } = useI18n();
  return (error: Pick<FieldError, 'type' | 'message'> | undefined) =>
    error?.message === undefined ? undefined : error.type === 'server' ? error.message : t(error.message as MessageKey);
}

/**
 * The API's field errors, each under the form field `fieldOf` names (the first of them focused); answers the messages
 * no field stands for, to be shown above the form's button.
 */
export function placeFieldErrors<Form extends FieldValues>(
  setError: UseFormSetError<Form>,
  fields: Record<string, string[]>,
  fieldOf: (field: string) => string | null,
): string[] {
  const left: string[] = [];
  let first = true;
  for (const [field, messages] of Object.entries(fields)) {
    const path = fieldOf(field);
    if (!path) left.push(...messages);
    else {
      setError(path as FieldPath<Form>, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    }
  }
  return left;
}
