/**
 * What the product and offer editors share: the form (checked by its resolver, a new thing's slug following its
 * English name), the version it was loaded with (what a save or a publication names), creating or saving with a
 * toast, someone else's save first (their thing is loaded into the form and the screen says so), and the API's field
 * errors under their fields (the rest above the save button).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { get, useForm, type DefaultValues, type FieldPath, type FieldValues, type PathValue, type Resolver } from 'react-hook-form';
import { ApiFailure } from '../api/client';
import { useI18n } from '../lib/i18n';
import { nameIn, placeFieldErrors, useErrorText } from '../components/form-parts';
import { useSlugFromName } from './catalogue-parts';
import { useToast } from '../components/toasts';
import { BackLink, Button, ErrorNotice, Notice } from '../components/ui';

type Saved = { id: number; version: number; name_en: string; name_ar: string };

export function useVersionedEditor<Thing extends Saved, Form extends FieldValues & { slug: string }, Request>({
  thing,
  resolver,
  emptyForm,
  toForm,
  changed,
  fieldOf,
  create,
  save,
  onCreated,
}: {
  /** As last loaded; null for a new one. */
  thing: Thing | null;
  resolver: Resolver<Form, unknown, Request>;
  emptyForm(): Form;
  toForm(thing: Thing): Form;
  /** The thing as it is now when the error is someone else's save first (a 409), else null. */
  changed(error: unknown): Thing | null;
  /** The form field an API field error goes under, or null. */
  fieldOf(field: string): string | null;
  create: UseMutationResult<Thing, Error, Request>;
  save: UseMutationResult<Thing, Error, { id: number; body: Request & { version: number } }>;
  /** Where to go once created (its own page). */
  onCreated(thing: Thing): void;
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const [version, setVersion] = useState(thing?.version ?? 0);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form = useForm<Form, unknown, Request>({ resolver, defaultValues: (thing ? toForm(thing) : emptyForm()) as DefaultValues<Form> });
  const { errors, isSubmitted } = form.formState;
  const slugPath = 'slug' as FieldPath<Form>;
  const slug = useSlugFromName(thing === null, (suggested) =>
    form.setValue(slugPath, suggested as PathValue<Form, typeof slugPath>, { shouldDirty: true, shouldValidate: isSubmitted }),
  );
  /** A field's error in words (the form's own in this language, or the API's). */
  const problem = (path: string) => errorText(get(errors, path));

  /** Someone else saved first: theirs in the form, on their version. */
  const loadTheirs = (current: Thing) => {
    setVersion(current.version);
    form.reset(toForm(current));
    setChangedMeanwhile(true);
  };

  const submit = form.handleSubmit(async (request) => {
    setChangedMeanwhile(false);
    setUnplaced([]);
    try {
      if (!thing) {
        const created = await create.mutateAsync(request);
        toast(t('productCreated', { name: nameIn(created, locale) }));
        onCreated(created);
        return;
      }
      const saved = await save.mutateAsync({ id: thing.id, body: { ...request, version } });
      setVersion(saved.version);
      form.reset(toForm(saved));
      toast(t('productSaved', { name: nameIn(saved, locale) }));
    } catch (error) {
      const current = changed(error);
      if (current) loadTheirs(current);
      else if (error instanceof ApiFailure) setUnplaced(placeFieldErrors(form.setError, error.fields, fieldOf));
    }
  });

  const failure = thing ? save.error : create.error;
  /** Whether the failure is shown already: the other save loaded, or errors under their fields. */
  const failureShownElsewhere = changed(failure) !== null || (failure instanceof ApiFailure && Object.keys(failure.fields).length > 0);

  return { form, problem, slug, version, setVersion, changedMeanwhile, unplaced, loadTheirs, submit, failure, failureShownElsewhere };
}

type Editor = Pick<
  ReturnType<typeof useVersionedEditor>,
  'changedMeanwhile' | 'unplaced' | 'failure' | 'failureShownElsewhere' | 'submit'
> & {
  form: { formState: { isSubmitting: boolean } };
};

/**
 * An editor's page: back to its list, its title, the notice when someone else saved first, what acts on the saved
 * thing (`above`: publishing, pictures), then the form with what no field stands for above its button.
 */
export function EditorPage({
  back,
  title,
  changedNotice,
  isNew,
  editor,
  above,
  children,
}: {
  back: { to: '/catalogue/products' | '/catalogue/offers'; label: string };
  title: string;
  changedNotice: string;
  isNew: boolean;
  editor: Editor;
  above: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <BackLink to={back.to}>{back.label}</BackLink>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {editor.changedMeanwhile && <Notice tone="error">{changedNotice}</Notice>}
      {above}
      <form onSubmit={editor.submit} noValidate className="flex flex-col gap-4">
        {children}
        {editor.unplaced.length > 0 && <Notice tone="error">{editor.unplaced.join(' ')}</Notice>}
        {!editor.failureShownElsewhere && <ErrorNotice error={editor.failure} />}
        <div className="flex justify-end">
          <Button variant="primary" type="submit" disabled={editor.form.formState.isSubmitting}>
            {isNew ? t('createDraft') : t('save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
