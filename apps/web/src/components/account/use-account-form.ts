/**
 * A form with a zod schema (see lib/forms/form-store.ts for when fields are checked), and one way to submit: valid
 * values go to `action`; when the server answers a validation error (`400 {field: [messages]}`), each message lands
 * under its field; anything else goes to the shared error handler (lib/errors.ts), which shows it in a toast.
 *
 * A form describes its schema as a function of zod and the shop's field rules; both arrive (form-schemas.ts) the
 * first time the form validates, so zod is not part of the page's first load.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { createFormStore, type FieldName, type FormSnapshot, type FormStore, type FormValues } from '@/lib/forms/form-store';
import { useApp } from '../app/app-provider';
import type { FieldRules } from './form-schemas';

export type AccountForm<Input extends FormValues, Output> = Omit<FormStore<Input, Output>, 'subscribe' | 'getSnapshot'> &
  FormSnapshot<Input>;

export type SchemaTools = { z: typeof z; rules: FieldRules };
export type SchemaBuilder<Input, Output> = (tools: SchemaTools) => z.ZodType<Output, Input>;

export function useAccountForm<Input extends FormValues, Output>(
  buildSchema: SchemaBuilder<Input, Output>,
  defaultValues: Input,
): AccountForm<Input, Output> {
  const t = useTranslations('common');
  const locale = useLocale();
  // The schema of the latest render (the builder may read props and the page's language).
  const latest = useRef({ buildSchema, t, locale });
  latest.current = { buildSchema, t, locale };
  const [store] = useState(() =>
    createFormStore<Input, Output>(defaultValues, async (values) => {
      const { parseForm, z: zod, fieldRules } = await import('./form-schemas');
      const { buildSchema: build, t: translate, locale: language } = latest.current;
      return parseForm(build({ z: zod, rules: fieldRules(translate, language) }), values);
    }),
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { subscribe: _subscribe, getSnapshot: _getSnapshot, ...actions } = store;
  return { ...actions, ...snapshot };
}

const isFieldMessages = (value: unknown): value is [string, ...string[]] =>
  Array.isArray(value) && value.length > 0 && value.every((each) => typeof each === 'string');

/**
 * Puts the server's field messages on the form's fields (`aliases` maps a server field to a form field, e.g. the
 * log-in form's `identifier` answers for `email` and `phone`). Returns what remains for the error handler, or null.
 */
export function placeFieldErrors<Input extends FormValues>(
  form: Pick<AccountForm<Input, unknown>, 'getValues' | 'setError'>,
  error: unknown,
  aliases: Partial<Record<string, FieldName<Input>>> = {},
): unknown {
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return error;
  const fields = new Set(Object.keys(form.getValues()));
  const rest: Record<string, unknown> = {};
  let placed = 0;
  for (const [key, value] of Object.entries(error)) {
    const field = aliases[key] ?? (fields.has(key) ? (key as FieldName<Input>) : undefined);
    if (field && isFieldMessages(value)) {
      form.setError(field, value[0], placed === 0);
      placed += 1;
    } else {
      rest[key] = value;
    }
  }
  if (placed === 0) return error;
  return Object.keys(rest).length > 0 ? rest : null;
}

/** The form's submit handler: runs `action` with the parsed values and reports what goes wrong. */
export function useSubmit<Input extends FormValues, Output>(
  form: AccountForm<Input, Output>,
  action: (values: Output) => Promise<void>,
  aliases?: Partial<Record<string, FieldName<Input>>>,
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
