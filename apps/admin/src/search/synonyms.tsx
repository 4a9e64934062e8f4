/**
 * Search synonyms (decision 0046): groups of words that mean the same, and one-way replacements. The API stores them
 * as search reads them (lower case, the article ال dropped), so they are listed that way; each word is isolated in its
 * own direction, as a group mixes English and Arabic.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { StaffSynonym, SynonymKind } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useDeleteSynonym, useSaveSynonym, useSynonyms } from './api';
import { CatalogueGate } from '../catalogue/catalogue-parts';
import { useToast } from '../components/toasts';
import { Button, Dialog, DialogButtons, ErrorNotice, Field, ListTable, Loaded, Panel } from '../components/ui';
import { useI18n } from '../lib/i18n';
import { GroupForm, groupFormValues, ReplacementForm, replacementFormValues } from './synonym-form';

export const SynonymsPage = () => (
  <CatalogueGate>
    <Synonyms />
  </CatalogueGate>
);

type Editing = { kind: SynonymKind; synonym: StaffSynonym | null };

/** Words in a row, each isolated (a group mixes scripts), separated as the screen's language separates a list. */
function Words({ words }: { words: string[] }) {
  const { locale } = useI18n();
  return (
    <>
      {words.map((word, index) => (
        <Fragment key={word}>
          {index > 0 && (locale === 'ar' ? '، ' : ', ')}
          <bdi>{word}</bdi>
        </Fragment>
      ))}
    </>
  );
}

/** An entry's words as one name, for the buttons and messages that act on it. */
function useEntryName() {
  const { t, locale } = useI18n();
  return (synonym: StaffSynonym) =>
    synonym.kind === 'group'
      ? synonym.words.join(locale === 'ar' ? '، ' : ', ')
      : t('replacementName', { word: synonym.word, replacement: synonym.replacement.join(' ') });
}

function Synonyms() {
  const { t } = useI18n();
  const entryName = useEntryName();
  const toast = useToast();
  const synonyms = useSynonyms();
  const remove = useDeleteSynonym();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<StaffSynonym | null>(null);
  const saved = (synonym: StaffSynonym) => {
    toast(t('synonymSaved', { name: entryName(synonym) }));
    setEditing(null);
  };
  const confirmDelete = (synonym: StaffSynonym) =>
    remove.mutate(synonym.id, {
      onSuccess: () => {
        toast(t('synonymDeleted', { name: entryName(synonym) }));
        setDeleting(null);
      },
    });
  const actions = (synonym: StaffSynonym) => (
    <div className="flex flex-wrap gap-2">
      <Button aria-label={t('editNamed', { name: entryName(synonym) })} onClick={() => setEditing({ kind: synonym.kind, synonym })}>
        {t('edit')}
      </Button>
      <Button
        variant="danger"
        aria-label={t('deleteNamed', { name: entryName(synonym) })}
        onClick={() => {
          remove.reset();
          setDeleting(synonym);
        }}
      >
        {t('deleteLabel')}
      </Button>
    </div>
  );

  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('synonymsTitle')}</h1>
      <p className="text-sm text-mist">{t('synonymsHint')}</p>
      <Loaded query={synonyms}>
        {(entries) => {
          const groups = entries.filter((entry) => entry.kind === 'group');
          const replacements = entries.filter((entry) => entry.kind === 'replacement');
          return (
            <>
              <Panel title={t('synonymGroupsTitle')}>
                <div className="flex flex-col gap-3">
                  <p className="text-sm text-mist">{t('synonymGroupsHint')}</p>
                  <Button className="self-start" onClick={() => setEditing({ kind: 'group', synonym: null })}>
                    {t('addSynonymGroup')}
                  </Button>
                  {groups.length === 0 ? (
                    <p className="text-sm text-mist">{t('noneYet')}</p>
                  ) : (
                    <ListTable labels={[t('columnWords'), t('actions')]}>
                      {groups.map((group) => (
                        <tr key={group.id} className="border-t border-line" data-testid="synonym-row">
                          <td className="px-3 py-2">
                            <Words words={group.words} />
                          </td>
                          <td className="px-3 py-2">{actions(group)}</td>
                        </tr>
                      ))}
                    </ListTable>
                  )}
                </div>
              </Panel>
              <Panel title={t('replacementsTitle')}>
                <div className="flex flex-col gap-3">
                  <p className="text-sm text-mist">{t('replacementsHint')}</p>
                  <Button className="self-start" onClick={() => setEditing({ kind: 'replacement', synonym: null })}>
                    {t('addReplacement')}
                  </Button>
                  {replacements.length === 0 ? (
                    <p className="text-sm text-mist">{t('noneYet')}</p>
                  ) : (
                    <ListTable labels={[t('columnWord'), t('columnReadAs'), t('actions')]}>
                      {replacements.map((replacement) => (
                        <tr key={replacement.id} className="border-t border-line" data-testid="synonym-row">
                          <td className="px-3 py-2">
                            <bdi>{replacement.word}</bdi>
                          </td>
                          <td className="px-3 py-2">
                            <bdi>{replacement.replacement.join(' ')}</bdi>
                          </td>
                          <td className="px-3 py-2">{actions(replacement)}</td>
                        </tr>
                      ))}
                    </ListTable>
                  )}
                </div>
              </Panel>
            </>
          );
        }}
      </Loaded>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={
          editing?.synonym
            ? t('editNamed', { name: entryName(editing.synonym) })
            : t(editing?.kind === 'replacement' ? 'addReplacement' : 'addSynonymGroup')
        }
      >
        {editing?.kind === 'group' && <GroupEditor key={editing.synonym?.id ?? 'new'} synonym={editing.synonym} onSaved={saved} />}
        {editing?.kind === 'replacement' && (
          <ReplacementEditor key={editing.synonym?.id ?? 'new'} synonym={editing.synonym} onSaved={saved} />
        )}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('deleteTitle', { name: deleting ? entryName(deleting) : '' })}
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm">{t('synonymDeleteHint')}</p>
          <ErrorNotice error={remove.error} />
          <DialogButtons onBack={() => setDeleting(null)}>
            <Button variant="danger" disabled={remove.isPending} onClick={() => deleting && confirmDelete(deleting)}>
              {t('deleteLabel')}
            </Button>
          </DialogButtons>
        </div>
      </Dialog>
    </div>
  );
}

/** Puts the API's field errors under the form's fields; anything else is said in the form's error notice. */
function placeServerErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, fields: readonly Path<Values>[], error: unknown) {
  if (!(error instanceof ApiFailure)) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(error.fields))
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<Values>, { type: 'server', message: messages.join(' ') });
      placed = true;
    }
  return placed;
}

type EditorProps = { synonym: StaffSynonym | null; onSaved(synonym: StaffSynonym): void };

function GroupEditor({ synonym, onSaved }: EditorProps) {
  const { t } = useI18n();
  const save = useSaveSynonym();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(GroupForm), defaultValues: groupFormValues(synonym) });
  const error = form.formState.errors.words;
  const submit = form.handleSubmit(async ({ words }) => {
    setFailure(null);
    try {
      onSaved(await save.mutateAsync({ id: synonym?.id ?? null, entry: { kind: 'group', words } }));
    } catch (caught) {
      if (!placeServerErrors(form.setError, ['words'], caught)) setFailure(caught);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('synonymWords')}
        dir="auto"
        autoComplete="off"
        error={error && (error.type === 'server' ? error.message : t('errorSynonymWords'))}
        {...form.register('words')}
      />
      <ErrorNotice error={failure} />
      <Button variant="primary" type="submit" disabled={save.isPending}>
        {synonym ? t('save') : t('create')}
      </Button>
    </form>
  );
}

function ReplacementEditor({ synonym, onSaved }: EditorProps) {
  const { t } = useI18n();
  const save = useSaveSynonym();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(ReplacementForm), defaultValues: replacementFormValues(synonym) });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ word, replacement }) => {
    setFailure(null);
    try {
      onSaved(await save.mutateAsync({ id: synonym?.id ?? null, entry: { kind: 'replacement', word, replacement } }));
    } catch (caught) {
      if (!placeServerErrors(form.setError, ['word', 'replacement'], caught)) setFailure(caught);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('replacementWord')}
        dir="auto"
        autoComplete="off"
        error={errors.word && (errors.word.type === 'server' ? errors.word.message : t('errorSynonymWord'))}
        {...form.register('word')}
      />
      <Field
        label={t('columnReadAs')}
        dir="auto"
        autoComplete="off"
        error={errors.replacement && (errors.replacement.type === 'server' ? errors.replacement.message : t('errorSynonymReplacement'))}
        {...form.register('replacement')}
      />
      <ErrorNotice error={failure} />
      <Button variant="primary" type="submit" disabled={save.isPending}>
        {synonym ? t('save') : t('create')}
      </Button>
    </form>
  );
}
