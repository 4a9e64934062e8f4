/**
 * An offer's editor: its names and descriptions in both languages, slug, price and stock of bundles, and its parts
 * (product sizes with quantities, picked by searching the products), with what the parts cost together. Checked
 * before sending by the contract's schema in the screen's language; the API's field errors (a price above the parts,
 * a slug taken) go under their fields. A save names the version the form was loaded with: when someone else saved
 * first, their offer is loaded instead and the screen says so. Saved offers are published or taken back to draft here.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { get, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { StaffOffer, StaffOfferCreate, StaffOfferPublication, StaffProduct } from '@attar/contract';
import {
  changedOffer,
  useCreateOffer,
  useOfferPublication,
  usePartSearch,
  useSaveOffer,
  useSaveOfferImages,
  useStaffOffer,
  useStaffProduct,
} from './api';
import { CatalogueGate, NamesPanel, OtherName, PublicationChip, SizesMl } from './catalogue-parts';
import { GroupError, nameIn, useErrorText } from '../components/form-parts';
import { PicturesPanel } from './pictures-panel';
import { useToast } from '../components/toasts';
import { EditorPage, useVersionedEditor } from './versioned-editor';
import { Button, ErrorNotice, Field, ListTable, Loaded, Loading, Ltr, Money, Panel } from '../components/ui';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import {
  emptyOfferForm,
  MAX_PARTS,
  offerFieldOf,
  offerResolver,
  offerToForm,
  partsTotal,
  type OfferForm,
  type OfferPart,
} from './offer-form';

const offerRoute = getRouteApi('/frame/catalogue/offers/$id');

type EditorForm = UseFormReturn<OfferForm, unknown, StaffOfferCreate>;

/** The bundle's price in pounds and how many bundles there are. */
const AMOUNT_FIELDS = [
  { name: 'price', label: 'offerPrice', inputMode: 'decimal' },
  { name: 'stock', label: 'offerStock', inputMode: 'numeric' },
] as const;

export const NewOfferPage = () => (
  <CatalogueGate>
    <OfferEditor offer={null} />
  </CatalogueGate>
);

export const EditOfferPage = () => (
  <CatalogueGate>
    <SavedOffer id={offerRoute.useParams().id} />
  </CatalogueGate>
);

const SavedOffer = ({ id }: { id: number }) => (
  <Loaded query={useStaffOffer(id)}>{(offer) => <OfferEditor key={offer.id} offer={offer} />}</Loaded>
);

/** `offer`: the offer as last loaded (null for a new one); the form starts from it and keeps its own edits. */
function OfferEditor({ offer }: { offer: StaffOffer | null }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const create = useCreateOffer();
  const save = useSaveOffer();
  const saveImages = useSaveOfferImages();
  const editor = useVersionedEditor({
    thing: offer,
    resolver: offerResolver,
    emptyForm: emptyOfferForm,
    toForm: offerToForm,
    changed: changedOffer,
    fieldOf: offerFieldOf,
    create,
    save,
    onCreated: (created) => void navigate({ to: '/catalogue/offers/$id', params: { id: created.id }, replace: true }),
  });
  const { form, problem, slug } = editor;
  return (
    <EditorPage
      back={{ to: '/catalogue/offers', label: t('backToOffers') }}
      title={offer ? nameIn(offer, locale) : t('newOffer')}
      changedNotice={t('offerChangedNotice')}
      isNew={offer === null}
      editor={editor}
      above={
        offer && (
          <>
            <OfferPublicationPanel
              offer={offer}
              version={editor.version}
              unsaved={form.formState.isDirty}
              onPublished={(updated) => editor.setVersion(updated.version)}
              onChangedMeanwhile={editor.loadTheirs}
            />
            <PicturesPanel
              thing={offer}
              version={editor.version}
              save={saveImages}
              changed={changedOffer}
              onSaved={(saved) => editor.setVersion(saved.version)}
              onChangedMeanwhile={editor.loadTheirs}
            />
          </>
        )
      }
    >
      <NamesPanel register={form.register} problem={problem} onNameChange={slug.onNameChange} />
      <Panel title={t('sectionDetails')}>
        <div className="grid gap-3 md:grid-cols-3">
          <Field
            label={t('slug')}
            ltr
            autoComplete="off"
            spellCheck={false}
            error={problem('slug')}
            {...form.register('slug', { onChange: slug.onSlugChange })}
          />
          {AMOUNT_FIELDS.map(({ name, label, inputMode }) => (
            <Field
              key={name}
              label={t(label)}
              inputMode={inputMode}
              ltr
              autoComplete="off"
              error={problem(name)}
              {...form.register(name)}
            />
          ))}
        </div>
      </Panel>
      <Parts form={form} />
    </EditorPage>
  );
}

/** A part's name for labels: "Oud Royal, 50 ml". */
function usePartName() {
  const { t, locale } = useI18n();
  return (part: Pick<OfferPart, 'name_en' | 'name_ar' | 'ml'>) => ({
    name: nameIn(part, locale),
    size: t('sizeMl', { ml: formatNumber(locale, part.ml) }),
  });
}

/** The parts: the ones chosen and the search that finds more. */
function Parts({ form }: { form: EditorForm }) {
  const { t } = useI18n();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const items = useWatch({ control: form.control, name: 'items' });
  const add = (part: OfferPart) => {
    append(part);
    // Once the form has been sent, "2 to 8 parts" is checked again at once.
    if (form.formState.isSubmitted) void form.trigger('items');
  };
  return (
    <Panel title={t('sectionParts')}>
      <PartsTable form={form} fields={fields} items={items} onRemove={remove} />
      <PartPicker items={items} onAdd={add} />
    </Panel>
  );
}

/** The parts chosen, each with its quantity, and what they cost together (the most the bundle may cost). */
function PartsTable({
  form,
  fields,
  items,
  onRemove,
}: {
  form: EditorForm;
  fields: (OfferPart & { key: string })[];
  items: OfferPart[];
  onRemove(index: number): void;
}) {
  const { t, rich, locale } = useI18n();
  const errorText = useErrorText();
  const partName = usePartName();
  const problem = (path: string) => errorText(get(form.formState.errors, path));
  return (
    <div className="flex flex-col gap-3">
      {fields.length === 0 ? (
        <p className="text-sm text-mist">{t('noParts')}</p>
      ) : (
        <ListTable
          labels={[t('columnProduct'), t('columnSize'), t('columnSku'), t('unitPrice'), t('quantity'), t('lineTotal'), t('actions')]}
        >
          {fields.map((part, index) => {
            const line = partsTotal([{ price: part.price, quantity: items[index]?.quantity ?? '' }]);
            return (
              <tr key={part.key} className="border-t border-line align-top" data-testid="offer-part">
                <td className="px-3 py-2">
                  {nameIn(part, locale)}
                  <OtherName named={part} />
                </td>
                <td className="px-3 py-2">
                  <SizesMl ml={[part.ml]} />
                </td>
                <td className="px-3 py-2">
                  <Ltr>{part.sku}</Ltr>
                </td>
                <td className="px-3 py-2">
                  <Money value={part.price} />
                </td>
                <td className="px-3 py-2">
                  <Field
                    label={t('partQuantityOf', partName(part))}
                    hideLabel
                    inputMode="numeric"
                    ltr
                    autoComplete="off"
                    className="w-20"
                    error={problem(`items.${index}.quantity`)}
                    {...form.register(`items.${index}.quantity`)}
                  />
                </td>
                <td className="px-3 py-2">{line > 0 && <Money value={line} />}</td>
                <td className="px-3 py-2">
                  <Button variant="danger" aria-label={t('removePartOf', partName(part))} onClick={() => onRemove(index)}>
                    {t('remove')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </ListTable>
      )}
      <GroupError text={problem('items.root')} />
      <p data-testid="parts-total">{rich('partsTotal', { total: <Money value={partsTotal(items)} /> })}</p>
      <p className="text-sm text-mist">{t('partsTotalHint')}</p>
    </div>
  );
}

/** Finds products by name, slug or SKU; one's sizes are then shown, each added to the parts with a quantity of 1. */
function PartPicker({ items, onAdd }: { items: OfferPart[]; onAdd(part: OfferPart): void }) {
  const { t, locale } = useI18n();
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const found = usePartSearch(search);
  const [shown, setShown] = useState<number | null>(null);
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-line pt-4">
      <Field label={t('partSearch')} type="search" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <ErrorNotice error={found.error} />
      {search.length >= 2 && found.data?.count === 0 && <p className="text-sm text-mist">{t('noPartsFound')}</p>}
      {search.length >= 2 && found.data && found.data.count > 0 && (
        <ul className="flex flex-col gap-2">
          {found.data.results.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center gap-3">
              <span>
                {nameIn(product, locale)}
                <OtherName named={product} />
              </span>
              <Button
                aria-expanded={shown === product.id}
                aria-label={t('showSizesOf', { name: nameIn(product, locale) })}
                onClick={() => setShown(shown === product.id ? null : product.id)}
              >
                <SizesMl ml={product.sizes} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {shown !== null && <ProductSizes productId={shown} items={items} onAdd={onAdd} />}
    </div>
  );
}

/** A product's sizes, each added to the parts (with a quantity of 1) unless it is one already. */
function ProductSizes({ productId, items, onAdd }: { productId: number; items: OfferPart[]; onAdd(part: OfferPart): void }) {
  const { t, locale } = useI18n();
  const partName = usePartName();
  const product = useStaffProduct(productId);
  if (product.isError) return <ErrorNotice error={product.error} />;
  if (!product.data) return <Loading />;
  const named: StaffProduct = product.data;
  const add = (size: StaffProduct['sizes'][number]) =>
    onAdd({
      size: size.id,
      product: named.id,
      name_en: named.name_en,
      name_ar: named.name_ar,
      ml: size.ml,
      sku: size.sku,
      price: size.price,
      quantity: '1',
    });
  return (
    <section aria-label={t('sizesOf', { name: nameIn(named, locale) })} className="rounded-md border border-line p-3">
      <ul className="flex flex-wrap gap-2">
        {named.sizes.map((size) => {
          const inOffer = items.some((item) => item.size === size.id);
          const label = partName({ ...named, ml: size.ml });
          return (
            <li key={size.id}>
              <Button
                aria-label={inOffer ? undefined : t('addPartOf', label)}
                disabled={inOffer || items.length >= MAX_PARTS}
                onClick={() => add(size)}
              >
                <SizesMl ml={[size.ml]} /> · <Money value={size.price} />
                {inOffer && <span className="text-xs text-mist">({t('inOffer')})</span>}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Publish, or back to draft, on the version the form was loaded with; it waits while the form has unsaved changes. */
function OfferPublicationPanel({
  offer,
  version,
  unsaved,
  onPublished,
  onChangedMeanwhile,
}: {
  offer: StaffOffer;
  version: number;
  unsaved: boolean;
  onPublished(offer: StaffOffer): void;
  onChangedMeanwhile(offer: StaffOffer): void;
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const publication = useOfferPublication();
  const busy = publication.isPending || unsaved;
  const send = (body: StaffOfferPublication) =>
    publication.mutate(
      { id: offer.id, body },
      {
        onSuccess: (updated) => {
          onPublished(updated);
          toast(t(`pubDone_${updated.state}`, { name: nameIn(updated, locale), date: '' }));
        },
        onError: (error) => {
          const current = changedOffer(error);
          if (current) onChangedMeanwhile(current);
        },
      },
    );
  return (
    <Panel title={t('publication')}>
      <div className="flex flex-col items-start gap-3">
        <PublicationChip state={offer.state} publishAt={null} />
        {unsaved && <p className="text-sm text-mist">{t('saveOfferBeforePublishing')}</p>}
        {offer.state === 'draft' ? (
          <Button variant="primary" disabled={busy} onClick={() => send({ state: 'published', version })}>
            {t('publishNow')}
          </Button>
        ) : (
          <Button disabled={busy} onClick={() => send({ state: 'draft', version })}>
            {t('backToDraft')}
          </Button>
        )}
        {changedOffer(publication.error) === null && <ErrorNotice error={publication.error} />}
      </div>
    </Panel>
  );
}
