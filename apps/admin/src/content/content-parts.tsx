/**
 * What the content screens share: a screen for the `manageContent` permission, a query's data once loaded (or its
 * error), and a form saved on a version, whose 409 loads someone else's save instead and whose field errors from the
 * API go under their fields (the rest above the save button).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiFailure } from '../api/client';
import { placeFieldErrors } from '../components/form-parts';
import { PermissionGate } from '../components/list-parts';
import { useI18n } from '../lib/i18n';
import { Button, ErrorNotice, Loading, Notice } from '../components/ui';

/** A screen for owners and managers (the API refuses the others with 403 anyway). */
export const contentScreen = (Screen: () => ReactNode) =>
  function ContentScreen() {
    return (
      <PermissionGate permission="manageContent">
        <Screen />
      </PermissionGate>
    );
  };

/** The query's data handed to `children` once it is there; its error, or "Loading…", until then. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children(data: T): ReactNode }) {
  if (query.isError) return <ErrorNotice error={query.error} />;
  if (query.data === undefined) return <Loading />;
  return children(query.data);
}

type Versioned = { version: number };

/**
 * A form saved on the version it was loaded with. `save` sends the request with that version; `changed` is the thing
 * as it is now when the error is someone else's save first (409), else null.
 */
export function useVersionedSave<Thing extends Versioned, Form extends FieldValues, Request>({
  loaded,
  form,
  toForm,
  save,
  changed,
  onSaved,
}: {
  loaded: Thing;
  form: UseFormReturn<Form, unknown, Request>;
  toForm(thing: Thing): Form;
  save(request: Request, version: number): Promise<Thing>;
  changed(error: unknown): Thing | null;
  onSaved(thing: Thing): void;
}) {
  const [version, setVersion] = useState(loaded.version);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const load = (thing: Thing) => {
    setVersion(thing.version);
    form.reset(toForm(thing));
  };
  const submit = form.handleSubmit(async (request) => {
    setChangedMeanwhile(false);
    setUnplaced([]);
    setFailure(null);
    try {
      const saved = await save(request, version);
      load(saved);
      onSaved(saved);
    } catch (error) {
      const current = changed(error);
      if (current) {
        load(current);
        setChangedMeanwhile(true);
      } else if (error instanceof ApiFailure && Object.keys(error.fields).length > 0) {
        setUnplaced(placeFieldErrors(form.setError, error.fields, (field) => field));
      } else setFailure(error);
    }
  });
  /** Above the save button: someone else's save, the API's errors no field stands for, any other failure. */
  const notices = (changedNotice: string) => (
    <>
      {changedMeanwhile && <Notice tone="error">{changedNotice}</Notice>}
      {unplaced.length > 0 && <Notice tone="error">{unplaced.join(' ')}</Notice>}
      <ErrorNotice error={failure} />
    </>
  );
  return { submit, notices };
}

/** A form's save button, at its end. */
export function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useI18n();
  return (
    <div className="flex justify-end">
      <Button variant="primary" type="submit" disabled={busy}>
        {t('save')}
      </Button>
    </div>
  );
}
