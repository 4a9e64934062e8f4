/**
 * The names products are sorted by (categories, families, notes, occasions), each in English and Arabic with its
 * slug, and the sizes products are sold in: added, renamed, deleted when no product uses them (the API says how many
 * do otherwise).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldError, type FieldValues, type Path, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { StaffSizeInput, StaffTermInput, TAXONOMIES, type StaffSize, type StaffTerm, type Taxonomy } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useCreateSize, useCreateTerm, useDeleteSize, useDeleteTerm, usePatchTerm, useSizes, useTerms } from './api';
import { CatalogueGate, SizesMl, useSlugFromName } from './catalogue-parts';
import { nameIn, TextIn } from '../components/form-parts';
import { useToast } from '../components/toasts';
import { Button, Dialog, DialogButtons, ErrorNotice, Field, HeaderRow, Loading, Ltr, Panel } from '../components/ui';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { MessageKey } from '../messages/en';

export const CatalogueNamesPage = () => (
  <CatalogueGate>
    <CatalogueNames />
  </CatalogueGate>
);

const sectionId = (list: Taxonomy | 'sizes') => `names-${list}`;

function CatalogueNames() {
  const { t } = useI18n();
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('namesTitle')}</h1>
      <nav aria-label={t('namesTitle')}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {[...TAXONOMIES, 'sizes' as const].map((list) => (
            <li key={list}>
              <a href={`#${sectionId(list)}`} className="text-gold underline">
                {t(list === 'sizes' ? 'sizesTitle' : `taxonomy_${list}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {TAXONOMIES.map((taxonomy) => (
        <TermsSection key={taxonomy} taxonomy={taxonomy} />
      ))}
      <SizesSection />
    </div>
  );
}

/** A list's table, or what to say while it loads, when it failed or when it is empty. */
function ListTable({
  labels,
  query,
  children,
}: {
  labels: string[];
  query: { isPending: boolean; error: unknown; data?: unknown[] | undefined };
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorNotice error={query.error} />;
  if (query.data?.length === 0) return <p className="text-sm text-mist">{t('noneYet')}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-sm">
        <thead className="bg-smoke text-mist">
          <HeaderRow labels={labels} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Edit (names only) and delete, each button named with what it acts on. */
function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete(): void }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap gap-2">
      {onEdit && (
        <Button aria-label={t('editNamed', { name })} onClick={onEdit}>
          {t('edit')}
        </Button>
      )}
      <Button variant="danger" aria-label={t('deleteNamed', { name })} onClick={onDelete}>
        {t('deleteLabel')}
      </Button>
    </div>
  );
}

/** Asks before deleting; the API's refusal (still used by products) stays in the dialog. */
function DeleteDialog({
  name,
  onClose,
  pending,
  error,
  onDelete,
}: {
  name: string | null;
  onClose(): void;
  pending: boolean;
  error: unknown;
  onDelete(): void;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && onClose()} title={t('deleteTitle', { name: name ?? '' })}>
      <div className="flex flex-col gap-4">
        <p className="text-sm">{t('deleteHint')}</p>
        <ErrorNotice error={error} />
        <DialogButtons onBack={onClose}>
          <Button variant="danger" disabled={pending} onClick={onDelete}>
            {t('deleteLabel')}
          </Button>
        </DialogButtons>
      </div>
    </Dialog>
  );
}

/**
 * A field's error in words: the API's own (type 'server'), else the form's for what the contract's schema found, by
 * field (a text too long has its own).
 */
function useSchemaErrorText<Field extends string>(messages: Record<Field, MessageKey>) {
  const { t } = useI18n();
  return (field: Field, error: FieldError | undefined) =>
    error &&
    (error.type === 'server' ? error.message : t(error.type === 'too_big' && field.startsWith('name') ? 'errorTooLong' : messages[field]));
}

/** Puts the API's field errors under the form's fields (a call failing otherwise says so in its error notice). */
function placeServerErrors<Values extends FieldValues>(form: UseFormReturn<Values>, fields: readonly string[], error: unknown) {
  if (!(error instanceof ApiFailure)) return;
  for (const [field, messages] of Object.entries(error.fields))
    if (fields.includes(field)) form.setError(field as Path<Values>, { type: 'server', message: messages.join(' ') });
}

/** A whole number from 0 (a menu position, millilitres), read as a number for the contract's schema. */
const WholeNumberField = ({
  registration,
  ...props
}: {
  label: string;
  max: number;
  error: string | undefined;
  className?: string;
  registration: UseFormRegisterReturn;
}) => <Field type="number" inputMode="numeric" min={0} step={1} ltr {...props} {...registration} />;

const hasFieldErrors = (error: unknown) => error instanceof ApiFailure && Object.keys(error.fields).length > 0;

function TermsSection({ taxonomy }: { taxonomy: Taxonomy }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const terms = useTerms(taxonomy);
  const remove = useDeleteTerm(taxonomy);
  const [editing, setEditing] = useState<StaffTerm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffTerm | null>(null);
  const categories = taxonomy === 'categories';
  const nextPosition = Math.max(-1, ...(terms.data ?? []).map((term) => term.position ?? 0)) + 1;
  const labels = [
    t('columnSlug'),
    t('columnNameEn'),
    t('columnNameAr'),
    ...(categories ? [t('columnPosition')] : []),
    t('columnProducts'),
    t('actions'),
  ];
  const saved = (term: StaffTerm) => {
    toast(t(editing === 'new' ? 'termCreated' : 'termSaved', { name: nameIn(term, locale) }));
    setEditing(null);
  };
  const startDeleting = (term: StaffTerm) => {
    remove.reset();
    setDeleting(term);
  };
  const confirmDelete = (term: StaffTerm) =>
    remove.mutate(term.id, {
      onSuccess: () => {
        toast(t('termDeleted', { name: nameIn(term, locale) }));
        setDeleting(null);
      },
    });

  return (
    <div id={sectionId(taxonomy)}>
      <Panel title={t(`taxonomy_${taxonomy}`)}>
        <div className="flex flex-col gap-3">
          <Button className="self-start" onClick={() => setEditing('new')}>
            {t(`addTerm_${taxonomy}`)}
          </Button>
          <ListTable labels={labels} query={terms}>
            {terms.data?.map((term) => (
              <tr key={term.id} className="border-t border-line">
                <td className="px-3 py-2">
                  <Ltr>{term.slug}</Ltr>
                </td>
                <td className="px-3 py-2">
                  <bdi lang="en">{term.name_en}</bdi>
                </td>
                <td className="px-3 py-2">
                  <bdi lang="ar">{term.name_ar}</bdi>
                </td>
                {categories && <td className="px-3 py-2 tabular-nums">{formatNumber(locale, term.position ?? 0)}</td>}
                <td className="px-3 py-2 tabular-nums">{formatNumber(locale, term.products)}</td>
                <td className="px-3 py-2">
                  <RowActions name={nameIn(term, locale)} onEdit={() => setEditing(term)} onDelete={() => startDeleting(term)} />
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      </Panel>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' || editing === null ? t(`addTerm_${taxonomy}`) : t('editNamed', { name: nameIn(editing, locale) })}
      >
        {editing !== null && (
          <TermForm
            key={editing === 'new' ? 'new' : editing.id}
            taxonomy={taxonomy}
            term={editing === 'new' ? null : editing}
            nextPosition={nextPosition}
            onSaved={saved}
          />
        )}
      </Dialog>
      <DeleteDialog
        name={deleting && nameIn(deleting, locale)}
        onClose={() => setDeleting(null)}
        pending={remove.isPending}
        error={remove.error}
        onDelete={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}

const TERM_FIELDS = ['slug', 'name_en', 'name_ar', 'position'] as const;
type TermField = (typeof TERM_FIELDS)[number];
const TERM_MESSAGES: Record<TermField, MessageKey> = {
  slug: 'errorSlug',
  name_en: 'errorRequired',
  name_ar: 'errorRequired',
  position: 'errorPosition',
};

/** Both names and the slug (which follows the English name while new), and a category's place in the menus. */
function TermForm({
  taxonomy,
  term,
  nextPosition,
  onSaved,
}: {
  taxonomy: Taxonomy;
  term: StaffTerm | null;
  nextPosition: number;
  onSaved(term: StaffTerm): void;
}) {
  const { t } = useI18n();
  const create = useCreateTerm(taxonomy);
  const patch = usePatchTerm(taxonomy);
  const categories = taxonomy === 'categories';
  const form = useForm({
    resolver: zodResolver(StaffTermInput),
    defaultValues: {
      slug: term?.slug ?? '',
      name_en: term?.name_en ?? '',
      name_ar: term?.name_ar ?? '',
      ...(categories ? { position: term?.position ?? nextPosition } : {}),
    },
  });
  const slug = useSlugFromName(term === null, (suggested) =>
    form.setValue('slug', suggested, { shouldValidate: form.formState.isSubmitted }),
  );
  const errorText = useSchemaErrorText(TERM_MESSAGES);
  const { errors } = form.formState;
  const call = term ? patch : create;

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(term ? await patch.mutateAsync({ id: term.id, patch: values }) : await create.mutateAsync(values));
    } catch (error) {
      placeServerErrors(form, TERM_FIELDS, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextIn
        label={t('nameEn')}
        language="en"
        error={errorText('name_en', errors.name_en)}
        {...form.register('name_en', { onChange: slug.onNameChange })}
      />
      <TextIn label={t('nameAr')} language="ar" error={errorText('name_ar', errors.name_ar)} {...form.register('name_ar')} />
      <Field
        label={t('columnSlug')}
        ltr
        autoComplete="off"
        spellCheck={false}
        error={errorText('slug', errors.slug)}
        {...form.register('slug', { onChange: slug.onSlugChange })}
      />
      {categories && (
        <WholeNumberField
          label={t('position')}
          max={999}
          error={errorText('position', errors.position)}
          registration={form.register('position', { valueAsNumber: true })}
        />
      )}
      {!hasFieldErrors(call.error) && <ErrorNotice error={call.error} />}
      <Button variant="primary" type="submit" disabled={call.isPending}>
        {term ? t('save') : t('create')}
      </Button>
    </form>
  );
}

function SizesSection() {
  const { t, locale } = useI18n();
  const toast = useToast();
  const sizes = useSizes();
  const create = useCreateSize();
  const remove = useDeleteSize();
  const [deleting, setDeleting] = useState<StaffSize | null>(null);
  const form = useForm({ resolver: zodResolver(StaffSizeInput) });
  const errorText = useSchemaErrorText({ ml: 'errorMl' });
  const sizeName = (ml: number) => t('sizeMl', { ml: formatNumber(locale, ml) });

  const add = form.handleSubmit(async (values) => {
    try {
      const size = await create.mutateAsync(values);
      toast(t('sizeAdded', { size: sizeName(size.ml) }));
      form.reset();
    } catch (error) {
      placeServerErrors(form, ['ml'], error);
    }
  });
  const confirmDelete = (size: StaffSize) =>
    remove.mutate(size.id, {
      onSuccess: () => {
        toast(t('sizeDeleted', { size: sizeName(size.ml) }));
        setDeleting(null);
      },
    });

  return (
    <div id={sectionId('sizes')}>
      <Panel title={t('sizesTitle')}>
        <div className="flex flex-col gap-3">
          <form onSubmit={add} noValidate className="flex flex-wrap items-start gap-2">
            <WholeNumberField
              label={t('newSizeMl')}
              max={10_000}
              className="w-56"
              error={errorText('ml', form.formState.errors.ml)}
              registration={form.register('ml', { valueAsNumber: true })}
            />
            <Button type="submit" className="mt-6" disabled={create.isPending}>
              {t('add')}
            </Button>
          </form>
          {!hasFieldErrors(create.error) && <ErrorNotice error={create.error} />}
          <ListTable labels={[t('columnSize'), t('columnProducts'), t('actions')]} query={sizes}>
            {sizes.data?.map((size) => (
              <tr key={size.id} className="border-t border-line">
                <td className="px-3 py-2">
                  <SizesMl ml={[size.ml]} />
                </td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(locale, size.products)}</td>
                <td className="px-3 py-2">
                  <RowActions
                    name={sizeName(size.ml)}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(size);
                    }}
                  />
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      </Panel>
      <DeleteDialog
        name={deleting && sizeName(deleting.ml)}
        onClose={() => setDeleting(null)}
        pending={remove.isPending}
        error={remove.error}
        onDelete={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}
