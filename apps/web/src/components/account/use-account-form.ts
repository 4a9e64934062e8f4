/**
 * react-hook-form with a zod schema, and one way to submit: valid values go to `action`; when the server answers a
 * validation error (`400 {field: [messages]}`), each message lands under its field; anything else goes to the shared
 * error handler (spec §8), which shows it in a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useApp } from '../app/app-provider';

export type AccountForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output>;

export function useAccountForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): AccountForm<Input, Output> {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}

const isFieldMessages = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((each) => typeof each === 'string');

/**
 * Puts the server's field messages on the form's fields (`aliases` maps a server field to a form field, e.g. the
 * log-in form's `identifier` answers for `email` and `phone`). Returns what remains for the error handler, or null.
 */
export function placeFieldErrors<Input extends FieldValues>(
  form: Pick<UseFormReturn<Input>, 'getValues' | 'setError'>,
  error: unknown,
  aliases: Partial<Record<string, Path<Input>>> = {},
): unknown {
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return error;
  const fields = new Set(Object.keys(form.getValues()));
  const rest: Record<string, unknown> = {};
  let placed = 0;
  for (const [key, value] of Object.entries(error)) {
    const field = aliases[key] ?? (fields.has(key) ? (key as Path<Input>) : undefined);
    if (field && isFieldMessages(value)) {
      form.setError(field, { type: 'server', message: value[0] }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      rest[key] = value;
    }
  }
  if (placed === 0) return error;
  return Object.keys(rest).length > 0 ? rest : null;
}

/** The form's submit handler: runs `action` with the parsed values and reports what goes wrong. */
export function useSubmit<Input extends FieldValues, Output>(
  form: AccountForm<Input, Output>,
  action: (values: Output) => Promise<void>,
  aliases?: Partial<Record<string, Path<Input>>>,
) {
  const { handleError } = useApp();
  return form.handleSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      const rest = placeFieldErrors(form, error, aliases);
      if (rest !== null) handleError(rest);
    }
  });
}
