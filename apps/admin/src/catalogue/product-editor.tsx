/**
 * A product's editor: every field the storefront shows, in both languages (each typed in its own direction), the
 * notes per layer in the order chosen, the occasions, and the sizes with their SKU, price and (for new ones) the stock
 * received. Checked before sending by the contract's rules, in the screen's language; the API's field errors go under
 * their fields. A save names the version the form was loaded with: when someone else saved first, their product is
 * loaded instead and the screen says so. Existing products are published, scheduled or taken back to draft here too.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { get, useController, useFieldArray, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import {
  GENDERS,
  PRODUCT_TYPES,
  type StaffProduct,
  type StaffProductCreate,
  type StaffPublication,
  type StaffSize,
  type StaffTerm,
} from '@attar/contract';
import { ApiFailure } from '../api/client';
import {
  changedProduct,
  useCreateProduct,
  usePublication,
  useSaveProduct,
  useSaveProductImages,
  useSizes,
  useStaffProduct,
  useTerms,
} from './api';
import { CatalogueGate, NamesPanel, PublicationChip, SizesMl, useTermChoices } from './catalogue-parts';
import { DateTimeField } from '../components/date-fields';
import { GroupError, nameIn, TextIn, useErrorText } from '../components/form-parts';
import { PicturesPanel } from './pictures-panel';
import { useToast } from '../components/toasts';
import { EditorPage, useVersionedEditor } from './versioned-editor';
import { Button, ChoiceSelect, ErrorNotice, Field, HeaderRow, Loading, Panel } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import {
  emptyProductForm,
  formFieldOf,
  MAX_PICKED,
  MAX_SIZES,
  newSizeRow,
  NOTE_LAYERS,
  productResolver,
  productToForm,
  type NoteLayer,
  type ProductForm,
} from './product-form';
import { fromShopInput, toShopInput } from '../lib/shop-time';

const productRoute = getRouteApi('/frame/catalogue/products/$id');

type Lists = { categories: StaffTerm[]; families: StaffTerm[]; notes: StaffTerm[]; occasions: StaffTerm[]; sizes: StaffSize[] };
type EditorForm = UseFormReturn<ProductForm, unknown, StaffProductCreate>;

/** Everything the editor chooses from, once all of it has loaded (a select's choice needs its options there). */
function useLists(): { lists: Lists | null; error: unknown } {
  const categories = useTerms('categories');
  const families = useTerms('families');
  const notes = useTerms('notes');
  const occasions = useTerms('occasions');
  const sizes = useSizes();
  const error = categories.error ?? families.error ?? notes.error ?? occasions.error ?? sizes.error;
  if (!categories.data || !families.data || !notes.data || !occasions.data || !sizes.data) return { lists: null, error };
  return {
    lists: { categories: categories.data, families: families.data, notes: notes.data, occasions: occasions.data, sizes: sizes.data },
    error,
  };
}

export function NewProductPage() {
  return (
    <CatalogueGate>
      <WithLists product={null} />
    </CatalogueGate>
  );
}

export function EditProductPage() {
  const { id } = productRoute.useParams();
  return (
    <CatalogueGate>
      <SavedProduct id={id} />
    </CatalogueGate>
  );
}

function SavedProduct({ id }: { id: number }) {
  const product = useStaffProduct(id);
  if (product.isError) return <ErrorNotice error={product.error} />;
  if (!product.data) return <Loading />;
  return <WithLists product={product.data} />;
}

function WithLists({ product }: { product: StaffProduct | null }) {
  const { lists, error } = useLists();
  if (error) return <ErrorNotice error={error} />;
  if (!lists) return <Loading />;
  return <ProductEditor key={product?.id ?? 'new'} product={product} lists={lists} />;
}

/** `product`: the product as last loaded (null for a new one); the form starts from it and keeps its own edits. */
function ProductEditor({ product, lists }: { product: StaffProduct | null; lists: Lists }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const save = useSaveProduct();
  const saveImages = useSaveProductImages();
  const termChoices = useTermChoices();
  const editor = useVersionedEditor({
    thing: product,
    resolver: productResolver,
    emptyForm: emptyProductForm,
    toForm: productToForm,
    changed: changedProduct,
    fieldOf: formFieldOf,
    create,
    save,
    onCreated: (created) => void navigate({ to: '/catalogue/products/$id', params: { id: created.id }, replace: true }),
  });
  const { form, problem, slug, version, setVersion, loadTheirs } = editor;

  return (
    <EditorPage
      back={{ to: '/catalogue/products', label: t('backToProducts') }}
      title={product ? nameIn(product, locale) : t('newProduct')}
      changedNotice={t('productChangedNotice')}
      isNew={product === null}
      editor={editor}
      above={
        product && (
          <>
            <PublicationPanel
              product={product}
              version={version}
              unsaved={form.formState.isDirty}
              onPublished={(updated) => setVersion(updated.version)}
              onChangedMeanwhile={loadTheirs}
            />
            <PicturesPanel
              thing={product}
              version={version}
              save={saveImages}
              changed={changedProduct}
              onSaved={(saved) => setVersion(saved.version)}
              onChangedMeanwhile={loadTheirs}
            />
          </>
        )
      }
    >
      <NamesPanel register={form.register} problem={problem} onNameChange={slug.onNameChange} />

      <Panel title={t('sectionDetails')}>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          <Field
            label={t('slug')}
            ltr
            autoComplete="off"
            spellCheck={false}
            error={problem('slug')}
            {...form.register('slug', { onChange: slug.onSlugChange })}
          />
          <ChoiceSelect
            label={t('productType')}
            error={problem('type')}
            choices={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))}
            {...form.register('type')}
          />
          <ChoiceSelect
            label={t('category')}
            error={problem('category')}
            first={t('choose')}
            choices={termChoices(lists.categories)}
            {...form.register('category')}
          />
          <ChoiceSelect
            label={t('family')}
            error={problem('family')}
            first={t('noFamily')}
            choices={termChoices(lists.families)}
            {...form.register('family')}
          />
          <ChoiceSelect
            label={t('gender')}
            error={problem('gender')}
            choices={GENDERS.map((gender) => ({ value: gender, label: t(`gender_${gender}`) }))}
            {...form.register('gender')}
          />
          <Field
            label={t('lowStockThreshold')}
            inputMode="numeric"
            ltr
            autoComplete="off"
            error={problem('low_stock_threshold')}
            {...form.register('low_stock_threshold')}
          />
          <TextIn label={t('concentrationEn')} language="en" error={problem('concentration_en')} {...form.register('concentration_en')} />
          <TextIn label={t('concentrationAr')} language="ar" error={problem('concentration_ar')} {...form.register('concentration_ar')} />
          <label className="flex items-center gap-2 self-end text-sm md:min-h-10">
            <input type="checkbox" className="size-4 accent-gold" {...form.register('is_new')} />
            {t('isNew')}
          </label>
        </div>
      </Panel>

      <Panel title={t('sectionNotes')}>
        <div className="grid gap-4 md:grid-cols-3">
          {NOTE_LAYERS.map((layer) => (
            <NotePicker key={layer} control={form.control} layer={layer} notes={lists.notes} />
          ))}
        </div>
        <GroupError text={problem('notes.root')} />
      </Panel>

      <Panel title={t('sectionOccasions')}>
        <OccasionsPicker control={form.control} occasions={lists.occasions} />
      </Panel>

      <Panel title={t('sectionSizes')}>
        <SizesTable form={form} sizes={lists.sizes} />
      </Panel>
    </EditorPage>
  );
}

/** One layer's notes: the ones chosen, in the order chosen (each removable), and a choice of the others to add. */
function NotePicker({
  control,
  layer,
  notes,
}: {
  control: Control<ProductForm, unknown, StaffProductCreate>;
  layer: NoteLayer;
  notes: StaffTerm[];
}) {
  const { t, locale } = useI18n();
  const errorText = useErrorText();
  const termChoices = useTermChoices();
  const { field, fieldState } = useController({ control, name: `notes.${layer}` });
  const [adding, setAdding] = useState('');
  const chosen = field.value;
  const layerName = t(`layer_${layer}`);
  const noteName = (id: number) => {
    const note = notes.find((each) => each.id === id);
    return note ? nameIn(note, locale) : String(id);
  };
  const add = () => {
    field.onChange([...chosen, Number(adding)]);
    setAdding('');
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{layerName}</legend>
      {chosen.length === 0 ? (
        <p className="text-sm text-mist">{t('noneChosen')}</p>
      ) : (
        <ol className="flex flex-wrap gap-2" aria-label={layerName}>
          {chosen.map((id) => (
            <li key={id} className="flex items-center gap-1 rounded-full bg-smoke py-0.5 ps-3 pe-1 text-sm">
              {noteName(id)}
              <button
                type="button"
                className="rounded-full px-2 text-mist hover:text-danger"
                aria-label={t('removeNamed', { name: noteName(id) })}
                onClick={() => field.onChange(chosen.filter((each) => each !== id))}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex items-start gap-2">
        <ChoiceSelect
          label={t('noteToAdd', { layer: layerName })}
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
          error={errorText(fieldState.error)}
          className="min-w-0 flex-1"
          first={t('choose')}
          choices={termChoices(notes.filter((note) => !chosen.includes(note.id)))}
        />
        <Button className="mt-6" onClick={add} disabled={!adding || chosen.length >= MAX_PICKED}>
          {t('add')}
        </Button>
      </div>
    </fieldset>
  );
}

function OccasionsPicker({ control, occasions }: { control: Control<ProductForm, unknown, StaffProductCreate>; occasions: StaffTerm[] }) {
  const { t, locale } = useI18n();
  const errorText = useErrorText();
  const { field, fieldState } = useController({ control, name: 'occasions' });
  const toggle = (id: number, on: boolean) => field.onChange(on ? [...field.value, id] : field.value.filter((each) => each !== id));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t('sectionOccasions')}</legend>
      {occasions.length === 0 && <p className="text-sm text-mist">{t('noneYet')}</p>}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {occasions.map((occasion) => (
          <label key={occasion.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-gold"
              checked={field.value.includes(occasion.id)}
              onChange={(event) => toggle(occasion.id, event.target.checked)}
            />
            {nameIn(occasion, locale)}
          </label>
        ))}
      </div>
      <GroupError text={errorText(fieldState.error)} />
    </fieldset>
  );
}

/**
 * The sizes: a new one chooses its size and is received with some stock; a saved one keeps its millilitres and shows
 * its stock (changed through stock adjustments). One of them is the default, the one the storefront shows first.
 */
function SizesTable({ form, sizes }: { form: EditorForm; sizes: StaffSize[] }) {
  const { t, locale } = useI18n();
  const errorText = useErrorText();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'sizes' });
  const rows = useWatch({ control: form.control, name: 'sizes' });
  const { errors, isSubmitted } = form.formState;
  const problem = (path: string) => errorText(get(errors, path));
  const row = (index: number) => formatNumber(locale, index + 1);
  // Once the form has been sent, the rules across rows (one default, no size or SKU twice) are checked again at once.
  const recheck = () => {
    if (isSubmitted) void form.trigger('sizes');
  };
  const setDefault = (index: number) => {
    fields.forEach((_, each) => form.setValue(`sizes.${each}.is_default`, each === index, { shouldDirty: true }));
    recheck();
  };
  /** A row's typed-in value: labelled with its row for screen readers (the column header says it on screen). */
  const typed = (
    index: number,
    name: 'sku' | 'price' | 'stock',
    label: 'skuOfRow' | 'priceOfRow' | 'stockOfRow',
    props: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <Field
      label={t(label, { row: row(index) })}
      hideLabel
      ltr
      autoComplete="off"
      error={problem(`sizes.${index}.${name}`)}
      {...props}
      // A changed SKU may end "each size needs its own SKU" at once.
      {...form.register(`sizes.${index}.${name}`, name === 'sku' ? { onChange: recheck } : {})}
    />
  );
  const removeRow = (index: number) => {
    const wasDefault = rows[index]?.is_default;
    remove(index);
    // The first row left takes over as the default.
    if (wasDefault) form.setValue('sizes.0.is_default', true, { shouldDirty: true });
    recheck();
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-mist">
            <HeaderRow labels={[t('columnSize'), t('columnSku'), t('columnPriceLe'), t('columnStock'), t('columnDefault'), t('actions')]} />
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <tr key={field.id} className="border-t border-line align-top">
                <td className="px-3 py-2">
                  {field.variant !== null && field.ml !== null ? (
                    <span className="inline-block pt-2.5">
                      <SizesMl ml={[field.ml]} />
                    </span>
                  ) : (
                    <ChoiceSelect
                      label={t('sizeOfRow', { row: row(index) })}
                      hideLabel
                      error={problem(`sizes.${index}.size`)}
                      className="min-w-28"
                      first={t('choose')}
                      choices={sizes.map((size) => ({ value: size.id, label: t('sizeMl', { ml: formatNumber(locale, size.ml) }) }))}
                      {...form.register(`sizes.${index}.size`, { onChange: recheck })}
                    />
                  )}
                </td>
                <td className="px-3 py-2">{typed(index, 'sku', 'skuOfRow', { className: 'min-w-40', spellCheck: false })}</td>
                <td className="px-3 py-2">{typed(index, 'price', 'priceOfRow', { className: 'w-32', inputMode: 'decimal' })}</td>
                <td className="px-3 py-2">
                  {field.variant !== null ? (
                    <span className="inline-block pt-2.5 tabular-nums">{formatNumber(locale, Number(field.stock))}</span>
                  ) : (
                    typed(index, 'stock', 'stockOfRow', { className: 'w-24', inputMode: 'numeric', placeholder: '0' })
                  )}
                </td>
                <td className="px-3 py-2">
                  <input
                    type="radio"
                    name="default-size"
                    className="mt-3 size-4 accent-gold"
                    aria-label={t('defaultOfRow', { row: row(index) })}
                    checked={rows[index]?.is_default ?? false}
                    onChange={() => setDefault(index)}
                  />
                </td>
                <td className="px-3 py-2">
                  <Button
                    variant="danger"
                    aria-label={t('removeRow', { row: row(index) })}
                    disabled={fields.length === 1}
                    onClick={() => removeRow(index)}
                  >
                    {t('remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <GroupError text={problem('sizes.root')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => append(newSizeRow(false))} disabled={fields.length >= MAX_SIZES}>
          {t('addSize')}
        </Button>
        {fields.some((field) => field.variant !== null) && <p className="text-sm text-mist">{t('stockNote')}</p>}
      </div>
    </div>
  );
}

/**
 * Publish now, back to draft, or publish by itself at a time on Cairo's clock; each names the version the form was
 * loaded with. It acts on the saved product, so it waits while the form has unsaved changes.
 */
function PublicationPanel({
  product,
  version,
  unsaved,
  onPublished,
  onChangedMeanwhile,
}: {
  product: StaffProduct;
  version: number;
  unsaved: boolean;
  onPublished(product: StaffProduct): void;
  onChangedMeanwhile(product: StaffProduct): void;
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const publication = usePublication();
  const [publishAt, setPublishAt] = useState(product.publish_at ? toShopInput(product.publish_at) : '');
  const [publishAtError, setPublishAtError] = useState<string>();
  const busy = publication.isPending || unsaved;

  const send = (body: StaffPublication) => {
    setPublishAtError(undefined);
    publication.mutate(
      { id: product.id, body },
      {
        onSuccess: (updated) => {
          onPublished(updated);
          const date = updated.publish_at ? formatDate(locale, updated.publish_at) : '';
          toast(t(`pubDone_${updated.state}`, { name: nameIn(updated, locale), date }));
        },
        onError: (error) => {
          const current = changedProduct(error);
          if (current) onChangedMeanwhile(current);
          else if (error instanceof ApiFailure && error.fields.publish_at) setPublishAtError(error.fields.publish_at.join(' '));
        },
      },
    );
  };
  const schedule = (event: FormEvent) => {
    event.preventDefault();
    const at = fromShopInput(publishAt);
    if (at) send({ state: 'scheduled', publish_at: at, version });
    else setPublishAtError(t('errorDateTime'));
  };
  const failure = publication.error;
  const failureShownElsewhere = changedProduct(failure) !== null || (failure instanceof ApiFailure && 'publish_at' in failure.fields);

  return (
    <Panel title={t('publication')}>
      <div className="flex flex-col items-start gap-3">
        <PublicationChip state={product.state} publishAt={product.publish_at} />
        {unsaved && <p className="text-sm text-mist">{t('saveBeforePublishing')}</p>}
        <div className="flex flex-wrap gap-2">
          {product.state !== 'published' && (
            <Button variant="primary" disabled={busy} onClick={() => send({ state: 'published', version })}>
              {t('publishNow')}
            </Button>
          )}
          {product.state !== 'draft' && (
            <Button disabled={busy} onClick={() => send({ state: 'draft', version })}>
              {t('backToDraft')}
            </Button>
          )}
        </div>
        {product.state !== 'published' && (
          <form onSubmit={schedule} noValidate className="flex flex-wrap items-start gap-2">
            <DateTimeField label={t('publishAt')} value={publishAt} onChange={setPublishAt} error={publishAtError} />
            <Button type="submit" className="mt-6" disabled={busy}>
              {t('schedule')}
            </Button>
          </form>
        )}
        {!failureShownElsewhere && <ErrorNotice error={failure} />}
      </div>
    </Panel>
  );
}
