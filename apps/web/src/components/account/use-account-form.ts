/**
 * react-hook-form with a zod schema, and one way to submit: valid values go to `action`; when the server answers a
 * validation error (`400 {field: [messages]}`), each message lands under its field; anything else goes to the shared
 * error handler (spec §8), which shows it in a toast.
 *
 * A form describes its schema as a function of zod and the shop's field rules; both arrive (form-schemas.ts) the
 * first time the form validates, so zod is not part of the page's first load.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useApp } from '../app/app-provider';
import type { FieldRules } from './form-schemas';

export type AccountForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output>;

export type SchemaTools = { z: typeof z; rules: FieldRules };
export type SchemaBuilder<Input, Output> = (tools: SchemaTools) => z.ZodType<Output, Input>;

export function useAccountForm<Input extends FieldValues, Output extends FieldValues>(
  buildSchema: SchemaBuilder<Input, Output>,
  defaultValues: DefaultValues<Input>,
): AccountForm<Input, Output> {
  const t = useTranslations('common');
  const locale = useLocale();
  // The builder of the latest render (it may read props), without a new resolver every render.
  const latestBuild = useRef(buildSchema);
  latestBuild.current = buildSchema;
  const resolver = useMemo<Resolver<Input, unknown, Output>>(
    () => async (values, context, options) => {
      const { zodResolver, z: zod, fieldRules } = await import('./form-schemas');
      const schema = latestBuild.current({ z: zod, rules: fieldRules(t, locale) });
      return (zodResolver(schema) as Resolver<Input, unknown, Output>)(values, context, options);
    },
    [t, locale],
  );
  return useForm<Input, unknown, Output>({ resolver, defaultValues, mode: 'onTouched' });
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
